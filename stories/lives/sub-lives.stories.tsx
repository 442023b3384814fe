import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { subLiveRoute } from "../../resources/lives/live";
import { insufficientBalanceCode, liveApi } from "../../resources/lives/live-api";
import { MasterPickerDialog } from "../../src/features/lives/sub-lives/master-picker-dialog";
import { SubLiveFormDialog } from "../../src/features/lives/sub-lives/sub-live-form-dialog";
import { Suspense } from "react";
import { enginePages } from "../../src/engine/pages";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope, okEnvelope } from "../mock-api";
import { expectToast, formErrors } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { liveAnswers, liveListFails, mainWithSubs } from "./live-answers";

/** /subLiveManager as the engine generates it. */
const SubLivePage = enginePages[subLiveRoute];

/** Double-teacher sub-classes (2 §2 /subLiveManager, the sub-class form and its main-classroom picker). */
const meta = {
  title: "Lives/Sub-classes",
  render: () => (
    <EngineStage route={subLiveRoute}>
      <Suspense fallback={null}>
        <SubLivePage />
      </Suspense>
    </EngineStage>
  ),
  parameters: {
    initialEntries: [`${subLiveRoute}?masterLiveId=900&courseId=13`],
    api: [
      ...liveAnswers(mainWithSubs()),
      [liveApi.create, okEnvelope(null, { msg: "添加成功" })],
      [liveApi.update, okEnvelope(null, { msg: "修改成功" })],
    ],
  } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
const modal = () => [...document.body.querySelectorAll<HTMLElement>(".ant-modal")].at(-1)!;

/** A main classroom's two sub-classes, one voided (已作废). */
export const SubClasses: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2));
    await expect(within(canvasElement).getByText("已作废")).toBeVisible();
  },
};

/** A main classroom without sub-classes yet. */
export const NoSubClasses: Story = {
  parameters: { api: liveAnswers(mainWithSubs().slice(0, 1)) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("还没有子班级")).toBeVisible());
  },
};

/** The sub-classes cannot be listed. */
export const Failed: Story = {
  parameters: { api: [...liveAnswers(mainWithSubs()), ...liveListFails] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("子班级加载失败")).toBeVisible());
  },
};

/** 添加子班级 sent empty but for its main classroom: the form's messages in order. */
export const AddFormErrors: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(2));
    await userEvent.click(within(canvasElement).getByRole("button", { name: /添加子班级/ }));
    await waitFor(() => expect(within(modal()).getByText("添加子班级")).toBeVisible());
    await waitFor(() => expect(within(modal()).getByDisplayValue("2026-11-03 19:00:00")).toBeVisible());
    await userEvent.click(within(modal()).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(formErrors(modal())).toEqual(["请填写班级名称"]));
  },
};

/** 修改 of a sub-class: its times and name, the main classroom fixed. */
export const EditForm: Story = {
  render: () => (
    <EngineStage route={subLiveRoute}>
      <SubLiveFormDialog open courseId={13} target={{ mode: "edit", record: mainWithSubs()[1] }} onClose={fn()} />
    </EngineStage>
  ),
  play: async () => {
    await waitFor(() => expect(within(modal()).getByDisplayValue("一班")).toBeVisible());
    await expect(within(modal()).queryByRole("button", { name: "选择主教室" })).toBeNull();
  },
};

/** An add refused for an organisation in arrears (code 918): 2 §8's words. */
export const AddRefused: Story = {
  render: () => (
    <EngineStage route={subLiveRoute}>
      <SubLiveFormDialog open courseId={13} target={{ mode: "create", masterId: 900 }} onClose={fn()} />
    </EngineStage>
  ),
  parameters: { api: [...liveAnswers(mainWithSubs()), [liveApi.create, failEnvelope(insufficientBalanceCode, "余额不足")]] } satisfies ScreenParameters,
  play: async () => {
    const name = await waitFor(() => within(modal()).getByPlaceholderText("请输入班级名称，如一班"));
    await waitFor(() => expect(within(modal()).getByDisplayValue("2026-11-03 19:00:00")).toBeVisible());
    await userEvent.type(name, "三班");
    await userEvent.click(within(modal()).getByRole("button", { name: /确\s?定/ }));
    await expectToast("当前余额不足，请尽快充值！");
  },
};

/** The main-classroom picker: the course's main classrooms, searchable. */
export const MasterPicker: Story = {
  render: () => (
    <EngineStage route={subLiveRoute}>
      <MasterPickerDialog open courseId={13} onPick={fn()} onClose={fn()} />
    </EngineStage>
  ),
  play: async () => {
    await waitFor(() => expect(within(modal()).getByRole("button", { name: /选择双师语文阅读第8讲/ })).toBeVisible());
  },
};

/** The picker for a course without main classrooms. */
export const MasterPickerEmpty: Story = {
  render: () => (
    <EngineStage route={subLiveRoute}>
      <MasterPickerDialog open courseId={11} onPick={fn()} onClose={fn()} />
    </EngineStage>
  ),
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText("还没有主教室")).toBeVisible());
  },
};
