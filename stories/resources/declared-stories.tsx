import type { Meta, StoryObj } from "@storybook/react-vite";
import { Suspense } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { ResourceDecl } from "../../resources/kernel/define";
import { adminPages } from "../../src/app/admin-pages";
import { PageLoading } from "../../src/components/page-loading";
import type { FormMode } from "../../src/engine/use-record-save";
import { listFails, resourceAnswers } from "../engine/engine-answers";
import { EngineStage, OpenDialog } from "../engine/engine-stage";
import { sampleRows } from "../engine/sample-rows";
import type { ScreenParameters } from "../support/screen-parameters";
import { storyKinds, type StoryKind } from "./story-kinds";

type Story = StoryObj<Meta>;

const wait = { timeout: 8000 };
const tableRows = (root: HTMLElement) => root.querySelectorAll(".ant-table-tbody tr.ant-table-row").length;
const openDialog = () => document.querySelector<HTMLElement>(".ant-modal");
const shownErrors = (root: HTMLElement) => [...root.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent ?? "");

/** The screen the console shows at the resource's route: the engine's list, or its area's page built on it. */
function RoutePage({ decl }: { decl: ResourceDecl }) {
  const Page = adminPages[decl.route];
  if (!Page) throw new Error(`no page is registered for ${decl.route} (resource "${decl.name}")`);
  return (
    <EngineStage route={decl.route}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </EngineStage>
  );
}

function listStory(decl: ResourceDecl, api: ScreenParameters["api"], play: Story["play"]): Story {
  return { render: () => <RoutePage decl={decl} />, parameters: { initialEntries: [decl.route], api } satisfies ScreenParameters, play };
}

function formStory(decl: ResourceDecl, mode: FormMode, refused: boolean): Story {
  const [record] = sampleRows(decl, 1);
  return {
    render: () => (
      <EngineStage route="/">
        <OpenDialog decl={decl} mode={mode} record={mode === "edit" ? record : undefined} />
      </EngineStage>
    ),
    parameters: { initialEntries: ["/"], api: resourceAnswers(decl, sampleRows(decl, 3)) } satisfies ScreenParameters,
    play: async () => {
      await waitFor(() => expect(openDialog()?.querySelector("form")).toBeTruthy(), wait);
      if (!refused) return;
      const dialog = openDialog()!;
      // Emptied, every form of the declaration has a required field its schema names a message for.
      for (const field of dialog.querySelectorAll<HTMLInputElement>("form input[type=text], form input:not([type]), form textarea"))
        if (!field.disabled && !field.readOnly && field.value) await userEvent.clear(field);
      await userEvent.click(within(dialog).getByRole("button", { name: /确\s?定/ }));
      await waitFor(() => expect(shownErrors(dialog).filter(Boolean).length).toBeGreaterThan(0), wait);
    },
  };
}

/**
 * Every story a resource's declaration calls for (story-kinds.ts), made from the declaration
 * alone: rows by sample-rows.ts, answers by engine-answers.ts, forms from its schemas. Each
 * declaration's story module, served by declared-index.ts, is `declaredStories(decl)` and one export per kind.
 */
export function declaredStories(decl: ResourceDecl) {
  const all: Record<StoryKind, Story> = {
    List: listStory(decl, resourceAnswers(decl, sampleRows(decl, 23)), async ({ canvasElement }) => {
      await waitFor(() => expect(tableRows(canvasElement)).toBeGreaterThan(0), wait);
    }),
    Empty: listStory(decl, resourceAnswers(decl, []), async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(".ant-empty-description")?.textContent).toBe(`还没有${decl.noun}`), wait);
    }),
    Failed: listStory(decl, listFails(decl), async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.textContent).toContain("列表加载失败"), wait);
    }),
    Create: formStory(decl, "create", false),
    CreateErrors: formStory(decl, "create", true),
    Edit: formStory(decl, "edit", false),
    EditErrors: formStory(decl, "edit", true),
  };
  // Only the kinds the declaration calls for: a list-only resource has no form stories to export.
  const stories: Partial<Record<StoryKind, Story>> = Object.fromEntries(storyKinds(decl).map((kind) => [kind, all[kind]]));
  return { meta: { parameters: { initialEntries: [decl.route] } } satisfies Meta, ...stories };
}
