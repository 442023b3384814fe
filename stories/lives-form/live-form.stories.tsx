import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { liveMessages } from "../../resources/lives/live-api";
import { groupConfigDefaults } from "../../resources/lives/live-config";
import { liveChangeForm, liveCreateForm } from "../../resources/lives/forms";
import { FormPage } from "../../src/engine/form-page";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope } from "../mock-api";
import { buttonName, expectToast, formErrors } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { liveFormAnswers, sampleConflict, sampleLive } from "./live-form-answers";

/**
 * The live form (2 §2, §5): /createLive of a large class (the template picker offered) and
 * /changeLive, over the real data provider and mocked HTTP.
 */
const createEntry = "/createLive?courseId=12&courseType=1";
const meta = {
  title: "Lives/Live form",
  render: () => (
    <EngineStage route="/createLive">
      <FormPage decl={liveCreateForm} />
    </EngineStage>
  ),
  parameters: { initialEntries: [createEntry], api: liveFormAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 8000 };
/** The form and its own widgets are drawn (each widget loads with its chunk). */
const formShown = (root: HTMLElement) =>
  waitFor(() => {
    expect(root.querySelectorAll("form .ant-picker input")).toHaveLength(2);
    expect(root.querySelector("form .live-config")).toBeTruthy();
  }, wait);
const save = (root: HTMLElement) => userEvent.click(within(root).getByRole("button", { name: buttonName("确定") }));

/** Typed into a picker and confirmed there with Enter. */
async function typeTime(root: HTMLElement, placeholder: string, text: string) {
  const input = within(root).getByPlaceholderText(placeholder);
  await userEvent.click(input);
  await userEvent.type(input, `${text}{enter}`);
  await userEvent.keyboard("{Escape}");
}

/** A live filled in: title, a start two days ahead, two hours by the shortcut. */
async function fill(root: HTMLElement) {
  await formShown(root);
  await userEvent.type(within(root).getByPlaceholderText("请输入直播标题"), "函数的单调性");
  await typeTime(root, "请选择开始时间", "2030-03-01 19:00:00");
  await userEvent.click(within(root).getByRole("button", { name: "2小时" }));
}

/** A new live of a large class: the group's defaults, the template picker offered. */
export const Create: Story = { play: ({ canvasElement }) => formShown(canvasElement) };

/** 确定 on the empty form: the §5 messages under their fields, in the spec's order. */
export const CreateErrors: Story = {
  play: async ({ canvasElement }) => {
    await formShown(canvasElement);
    await save(canvasElement);
    await waitFor(() => expect(formErrors(canvasElement)).toEqual(["直播标题不能为空", "请选择开始时间", "请选择直播结束时间"]), wait);
  },
};

/** The template picker open: 5 templates a page, their teachers and assistants as tags (3 at most). */
export const TemplatePicker: Story = {
  play: async ({ canvasElement }) => {
    await formShown(canvasElement);
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "选择仿真直播模板" }, wait));
    await waitFor(() => expect(document.querySelectorAll(".ant-modal .ant-table-row")).toHaveLength(5), wait);
  },
};

/** A template chosen and 确定: the confirmation that the live becomes a simulated live for good. */
export const SimulatedConfirm: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "选择仿真直播模板" }));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>(".ant-modal-content")!, wait);
    await waitFor(() => expect(dialog.querySelectorAll(".ant-table-row").length).toBeGreaterThan(0), wait);
    await userEvent.click(within(dialog).getAllByRole("button", { name: "选择" })[0]);
    await save(canvasElement);
    await waitFor(() => expect(document.querySelector(".ant-modal-confirm")?.textContent).toContain(liveMessages.confirmEmulate), wait);
  },
};

/** The group fixes the layout (经典) and the push mode: both shown with the group's value, disabled. */
export const FixedSettings: Story = {
  parameters: {
    api: liveFormAnswers({
      group: { ...groupConfigDefaults, layout: "2", pushStreamType: "1", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0", pushStreamSetting: "0" } },
    }),
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await formShown(canvasElement);
    await waitFor(() => expect(within(canvasElement).getAllByText("机构统一设置，不可修改")).toHaveLength(2), wait);
  },
};

/** The chosen teacher already teaches at that time: the warning names the live (saving is still allowed). */
export const ScheduleConflict: Story = {
  parameters: { api: liveFormAnswers({ conflicts: [sampleConflict] }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    const teachers = canvasElement.querySelector<HTMLInputElement>("#root_teachers")!;
    await userEvent.click(teachers);
    await userEvent.type(teachers, "李老师");
    await userEvent.click(await within(document.body).findByText("李老师", { selector: ".ant-select-item-option-content span" }, wait));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(canvasElement.querySelector(".ant-alert-warning")?.textContent).toContain(sampleConflict.Title), wait);
  },
};

/** The organisation is at its arrears limit: 918 says 当前余额不足，请尽快充值！. */
export const InsufficientBalance: Story = {
  parameters: { api: liveFormAnswers({ createAnswer: failEnvelope(918, liveMessages.insufficientBalance) }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await save(canvasElement);
    await expectToast(liveMessages.insufficientBalance);
  },
};

/** The group config could not be read: the form starts from the defaults of 2 §9 (3 §8). */
export const GroupConfigUnavailable: Story = {
  parameters: { api: liveFormAnswers({ groupFails: true }) } satisfies ScreenParameters,
  play: ({ canvasElement }) => formShown(canvasElement),
};

const changeStory = (live: ReturnType<typeof sampleLive> | undefined, play: Story["play"]): Story => ({
  render: () => (
    <EngineStage route="/changeLive">
      <FormPage decl={liveChangeForm} />
    </EngineStage>
  ),
  parameters: { initialEntries: ["/changeLive?liveId=501&courseType=1&courseId=12"], api: liveFormAnswers({ live }) } satisfies ScreenParameters,
  play,
});

/** A live two days ahead: everything may change, the shortcuts too; its own settings shown. */
export const Change: Story = changeStory(sampleLive(48), ({ canvasElement }) => formShown(canvasElement));

/** A live that started an hour ago: its start is fixed and the shortcuts are gone (2 §4). */
export const ChangeStarted: Story = changeStory(sampleLive(-1), async ({ canvasElement }) => {
  await formShown(canvasElement);
  await waitFor(() => expect(within(canvasElement).getByPlaceholderText("请选择开始时间")).toBeDisabled(), wait);
});

/** A simulated live: its template and type are fixed, which the page says. */
export const ChangeSimulated: Story = changeStory(sampleLive(48, { Emulateid: 301, LiveType: 101 }), async ({ canvasElement }) => {
  await formShown(canvasElement);
  await expect(within(canvasElement).getByText(/这是一场仿真直播/)).toBeVisible();
});

/** A live on manual push (pushStreamType 1): its RTMP address and stream key, each with a copy button. */
export const ChangeManualPush: Story = changeStory(sampleLive(48, { Config: JSON.stringify({ pushStreamType: "1" }) }), async ({ canvasElement }) => {
  await formShown(canvasElement);
  await waitFor(() => expect(canvasElement.textContent).toContain("rtmp://lectern.example:1935/live"), wait);
});

/** The live cannot be read: the error and 重试. */
export const ChangeLoadError: Story = changeStory(undefined, async ({ canvasElement }) => {
  await waitFor(() => expect(canvasElement.textContent).toContain("直播信息加载失败"), wait);
});
