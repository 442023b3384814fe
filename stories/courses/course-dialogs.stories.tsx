import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import course from "../../resources/courses/course";
import { imageUpload } from "../../resources/kernel/upload";
import { courseFormWidgets } from "../../src/features/courses/course-form-widgets";
import type { FormMode } from "../../src/engine/use-record-save";
import { EngineStage, OpenDialog } from "../engine/engine-stage";
import { okEnvelope, type MockRoutes } from "../mock-api";
import { buttonName, formErrors } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { courseAnswers, courseRows, cover } from "./course-answers";

/**
 * The create and edit dialogs of /courseop (1 §5), drawn by RJSF from schemas/courses/course.create|edit
 * with the course page's widgets (type, maximum users) and the engine's (expiry picker, cover
 * upload), over mocked HTTP.
 */
const meta = {
  title: "Courses/Course dialogs",
  parameters: { initialEntries: ["/"], api: courseAnswers(courseRows(3)) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const edited = courseRows(3)[1];

const dialog = (mode: FormMode) => () => (
  <EngineStage route="/">
    <OpenDialog decl={course} mode={mode} record={mode === "edit" ? edited : undefined} widgets={courseFormWidgets} />
  </EngineStage>
);

const modal = () => document.querySelector<HTMLElement>(".ant-modal")!;
/** The dialog is open, its form drawn and the offered types in. */
const formShown = () => waitFor(() => expect(modal()?.querySelector("form .ant-select-selection-item")).toBeTruthy(), { timeout: 5000 });
const coverInput = () => modal().querySelector<HTMLInputElement>("input[type=file]")!;

/** 创建课程 just opened: the first type offered (小班课) with 1对1, nothing else filled. */
export const Create: Story = { render: dialog("create"), play: formShown };

/** 确定 on a 31-character title with no expiry: each message under its field. */
export const CreateWithErrors: Story = {
  render: dialog("create"),
  play: async () => {
    await formShown();
    await userEvent.type(within(modal()).getByPlaceholderText("请输入课程名称"), "课".repeat(31));
    await userEvent.click(within(modal()).getByRole("button", { name: buttonName("确定") }));
    await waitFor(() => expect(formErrors(modal())).toEqual(["课程标题不能超过30字", "课程有效期不能为空"]));
  },
};

/** An admin whose extended permissions hold 互动大班课 and 大班小课 only: no other type is offered; up to 100 people. */
export const CreateLimitedTypes: Story = {
  render: dialog("create"),
  parameters: { api: courseAnswers(courseRows(3), { offered: [6, 18] }) } satisfies ScreenParameters,
  play: async () => {
    await formShown();
    await userEvent.click(modal().querySelector<HTMLElement>(".ant-select-selector")!);
  },
};

/** 互动大班课 with 500 people typed: the number stays, and the type rule's reason shows under it. */
export const CreateOverTheCeiling: Story = {
  render: dialog("create"),
  parameters: { api: courseAnswers(courseRows(3), { offered: [6] }) } satisfies ScreenParameters,
  play: async () => {
    await formShown();
    const users = modal().querySelector<HTMLInputElement>(".ant-input-number input")!;
    await userEvent.clear(users);
    await userEvent.type(users, "500");
    await userEvent.tab();
    await waitFor(() => expect(modal().textContent).toContain("互动大班课最大人数不能超过100人"));
    await expect(users.value).toBe("500");
  },
};

/** An expiry typed in the past is kept and judged by the schema: 课程有效期不能小于当前时间. */
export const CreateWithPastExpiry: Story = {
  render: dialog("create"),
  play: async () => {
    await formShown();
    await userEvent.type(within(modal()).getByPlaceholderText("请输入课程名称"), "数学");
    await userEvent.type(within(modal()).getByPlaceholderText("请选择课程有效期"), "2020-01-01 10:00:00{enter}");
    await userEvent.click(within(modal()).getByRole("button", { name: buttonName("确定") }));
    await waitFor(() => expect(formErrors(modal())).toEqual(["课程有效期不能小于当前时间"]));
  },
};

/** 修改: the type is shown and cannot change (1 §5); the title may be up to 60 characters. */
export const Edit: Story = {
  render: dialog("edit"),
  play: async () => {
    await formShown();
    await expect(modal().querySelector(".ant-select-disabled")).toBeTruthy();
  },
};

const pngBytes = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

/** A text file named cover.png is turned away by its bytes, before anything is sent. */
export const CoverNotAnImage: Story = {
  render: dialog("create"),
  play: async () => {
    await formShown();
    await userEvent.upload(coverInput(), new File(["这不是图片"], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(within(modal()).getByRole("alert").textContent).toBe(imageUpload.messages.type));
  },
};

/** A png over 3 MB is turned away by its size. */
export const CoverTooLarge: Story = {
  render: dialog("create"),
  play: async () => {
    await formShown();
    await userEvent.upload(coverInput(), new File([pngBytes(imageUpload.maxBytes + 1)], "big.png", { type: "image/png" }));
    await waitFor(() => expect(within(modal()).getByRole("alert").textContent).toBe(imageUpload.messages.size));
  },
};

/** The upload call never answers here: the picture box shows the progress and the button waits. */
const slowUpload: MockRoutes = [...courseAnswers(courseRows(3)), [course.extra.upload, () => new Promise(() => undefined)]];

export const CoverUploading: Story = {
  render: dialog("create"),
  parameters: { api: slowUpload } satisfies ScreenParameters,
  play: async () => {
    await formShown();
    await userEvent.upload(coverInput(), new File([pngBytes(4096)], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(within(modal()).getByRole("button", { name: /上传中/ })).toBeVisible());
  },
};

/** Uploaded: the preview, with 更换图片 and 删除图片. */
export const CoverUploaded: Story = {
  render: dialog("create"),
  parameters: { api: [...courseAnswers(courseRows(3)), [course.extra.upload, okEnvelope({ url: cover(2) })]] } satisfies ScreenParameters,
  play: async () => {
    await formShown();
    await userEvent.upload(coverInput(), new File([pngBytes(4096)], "cover.png", { type: "image/png" }));
    await waitFor(() => expect(within(modal()).getByRole("img", { name: "封面预览" })).toBeVisible());
  },
};
