import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { student, subadmin, teacher } from "../../resources";
import type { ResourceDecl } from "../../resources/kernel/define";
import { FormPage } from "../../src/engine/form-page";
import { resourceFormPage } from "../../src/engine/resource-form-page";
import type { FormMode } from "../../src/engine/use-record-save";
import type { ScreenParameters } from "../support/screen-parameters";
import { familyAnswers, mobileTaken, userRows } from "./engine-answers";
import { EngineStage, OpenDialog } from "./engine-stage";

/**
 * What the people's forms do beyond what every declared form shows (stories/resources generates
 * each resource's forms clean and refused): the order the spec checks a phone in (1 §5), the
 * server's refusal under its field, and the sub-admin's add form as the /createAdmin page (1 §2.4).
 */
const meta = {
  title: "Engine/Forms",
  parameters: { initialEntries: ["/"], api: familyAnswers(teacher, userRows(teacher, 3)) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const openDialog = () => document.querySelector<HTMLElement>(".ant-modal")!;
/** The dialog is open and its form drawn (RJSF loads with the first dialog). */
const formShown = () => waitFor(() => expect(openDialog()?.querySelector("form input")).toBeTruthy(), { timeout: 5000 });
const shownErrors = (root: HTMLElement) => [...root.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
const confirmButton = (root: HTMLElement) => within(root).getByRole("button", { name: /确\s?定/ });

function dialog(decl: ResourceDecl, mode: FormMode, errors?: { clear?: string[]; expected: string[] }): Story {
  const record = userRows(decl, 1)[0];
  return {
    render: () => (
      <EngineStage route="/">
        <OpenDialog decl={decl} mode={mode} record={mode === "edit" ? record : undefined} />
      </EngineStage>
    ),
    parameters: { api: familyAnswers(decl, userRows(decl, 3)) } satisfies ScreenParameters,
    play: async () => {
      await formShown();
      if (!errors) return;
      const root = openDialog();
      for (const placeholder of errors.clear ?? []) await userEvent.clear(within(root).getByPlaceholderText(placeholder));
      await userEvent.click(confirmButton(root));
      await waitFor(() => expect(shownErrors(root)).toEqual(errors.expected));
    },
  };
}

const addErrors = { expected: ["请填写用户名", "请填写手机号", "请填写默认密码"] };

/** 老师: the phone format is checked once name, phone and password are in (1 §5). */
export const TeacherAddPhoneFormatLast: Story = {
  ...dialog(teacher, "create"),
  play: async () => {
    await formShown();
    const root = within(openDialog());
    await userEvent.type(root.getByPlaceholderText("请输入姓名"), "王老师");
    await userEvent.type(root.getByPlaceholderText("请输入手机号"), "123");
    await userEvent.click(confirmButton(openDialog()));
    await waitFor(() => expect(shownErrors(openDialog())).toEqual(["请填写默认密码"]));
    await userEvent.type(root.getByPlaceholderText("请输入默认密码"), "abc123");
    await waitFor(() => expect(shownErrors(openDialog())).toEqual(["请填写正确的手机号"]));
  },
};
/** The server's refusal: its msg as a toast and under the field it names. */
export const TeacherAddRefused: Story = {
  ...dialog(teacher, "create"),
  parameters: { api: mobileTaken(teacher) } satisfies ScreenParameters,
  play: async () => {
    await formShown();
    const root = within(openDialog());
    await userEvent.type(root.getByPlaceholderText("请输入姓名"), "王老师");
    await userEvent.type(root.getByPlaceholderText("请输入手机号"), "13612345678");
    await userEvent.type(root.getByPlaceholderText("请输入默认密码"), "abc123");
    await userEvent.click(confirmButton(openDialog()));
    await waitFor(() => expect(shownErrors(openDialog())).toEqual(["该手机号已存在"]));
  },
};


/** 学生: the phone format comes before the password (1 §5). */
export const StudentAddPhoneFormatFirst: Story = {
  ...dialog(student, "create"),
  play: async () => {
    await formShown();
    const root = within(openDialog());
    await userEvent.type(root.getByPlaceholderText("请输入姓名"), "赵同学");
    await userEvent.type(root.getByPlaceholderText("请输入手机号"), "123");
    await userEvent.click(confirmButton(openDialog()));
    await waitFor(() => expect(shownErrors(openDialog())).toEqual(["请填写正确的手机号", "请填写默认密码"]));
  },
};



const createAdminPage = () => (
  <EngineStage route="/createAdmin">
    <FormPage decl={resourceFormPage(subadmin, "create")} />
  </EngineStage>
);

/** /createAdmin: the sub-admin's add form as a page, with the backend-permission checklist. */
export const SubAdminAdd: Story = {
  render: createAdminPage,
  parameters: { initialEntries: ["/createAdmin"], api: familyAnswers(subadmin, userRows(subadmin, 2)) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByPlaceholderText("请输入姓名", undefined, { timeout: 5000 });
  },
};
export const SubAdminAddErrors: Story = {
  ...SubAdminAdd,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByPlaceholderText("请输入姓名", undefined, { timeout: 5000 });
    await userEvent.click(confirmButton(canvasElement));
    await waitFor(() => expect(shownErrors(canvasElement)).toEqual(addErrors.expected));
  },
};
