import type { StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { dashboardModules, statsApi } from "../../../resources/stats/stats";
import { isChartKey } from "../../../src/features/stats/chart-specs";
import { failEnvelope } from "../../mock-api";
import type { ScreenParameters } from "../../support/screen-parameters";
import { balance } from "../stats-fixtures";
import { ModuleStory } from "./module-story";
import { busyOrganisation, NEVER_MS, newOrganisation } from "./stats-answers";

type Story = StoryObj;

const settled = (root: HTMLElement) => waitFor(() => expect(root.querySelector(".ant-skeleton")).toBeNull(), { timeout: 5000 });

/**
 * The four states of one dashboard module: with data, empty (a new organisation), loading
 * (answers never arrive) and refused (the server's words in the card).
 */
export function moduleStories(id: number): Record<"Data" | "Empty" | "Loading" | "Refused", Story> {
  const module = dashboardModules.find((candidate) => candidate.id === id)!;
  const [call] = module.calls;
  const render = () => <ModuleStory id={id} />;
  const charted = isChartKey(call);
  return {
    Data: {
      render,
      parameters: { api: busyOrganisation(), session: { curBalance: balance } } satisfies ScreenParameters,
      play: async ({ canvasElement }) => {
        await settled(canvasElement);
        if (charted) await waitFor(() => expect(canvasElement.querySelector("[data-chart-state=drawn]")).not.toBeNull(), { timeout: 5000 });
      },
    },
    Empty: {
      render,
      parameters: { api: newOrganisation(), session: { curBalance: 0 } } satisfies ScreenParameters,
      play: async ({ canvasElement }) => {
        await settled(canvasElement);
        if (call !== "balance") await expect(canvasElement.querySelector(".ant-empty")).not.toBeNull();
      },
    },
    Loading: {
      render,
      parameters: { api: busyOrganisation(), apiDelayMs: NEVER_MS } satisfies ScreenParameters,
      play: async ({ canvasElement }) => expect(canvasElement.querySelector(".ant-skeleton")).not.toBeNull(),
    },
    Refused: {
      render,
      parameters: {
        api: call === "balance" ? busyOrganisation() : [...busyOrganisation(), [statsApi[call], failEnvelope(403, "没有权限查看该统计")]],
        // The shell publishes a balance it could not read as NaN.
        session: { curBalance: call === "balance" ? Number.NaN : balance },
      } satisfies ScreenParameters,
      play: async ({ canvasElement }) => {
        await settled(canvasElement);
        await expect(canvasElement.querySelector(".ant-alert-error")).not.toBeNull();
      },
    },
  };
}
