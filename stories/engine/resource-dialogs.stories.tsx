import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { assistant, student, subadmin, teacher } from "../../resources";
import type { ResourceDecl } from "../../resources/define";
import { ResourceCreatePage } from "../../src/engine/resource-create-page";
import type { FormMode } from "../../src/engine/use-record-save";
import type { ScreenParameters } from "../support/screen-parameters";
import { familyAnswers, mobileTaken, userRows } from "./engine-answers";
import { EngineStage, OpenDialog } from "./engine-stage";

/**
 * The add and edit forms of each user-management resource, drawn by RJSF from
 * schemas/<name>.create|edit.schema.json and their *.ui.json: clean, and after 确定 with what
 * the spec's rules say (1 §5). The sub-admin's add form is the /createAdmin page and, from the
 * list's 快速添加, the same form as a dialog (1 §2.4).
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
const editErrors = { clear: ["请输入姓名", "请输入手机号"], expected: ["用户名不能为空", "手机号不能为空"] };

export const TeacherAdd = dialog(teacher, "create");
export const TeacherAddErrors = dialog(teacher, "create", addErrors);
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
export const TeacherEdit = dialog(teacher, "edit");
/** 老师's edit form shows name and permissions only, so only the name can be emptied. */
export const TeacherEditErrors = dialog(teacher, "edit", { clear: ["请输入姓名"], expected: ["用户名不能为空"] });

export const AssistantAdd = dialog(assistant, "create");
export const AssistantAddErrors = dialog(assistant, "create", addErrors);
export const AssistantEdit = dialog(assistant, "edit");
export const AssistantEditErrors = dialog(assistant, "edit", editErrors);

export const StudentAdd = dialog(student, "create");
export const StudentAddErrors = dialog(student, "create", addErrors);
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
export const StudentEdit = dialog(student, "edit");
export const StudentEditErrors = dialog(student, "edit", editErrors);

/** 子管理员's add dialog (快速添加 on /adminop): name, phone, password, nickname, backend permissions. */
export const SubAdminQuickAdd = dialog(subadmin, "create");
export const SubAdminQuickAddErrors = dialog(subadmin, "create", addErrors);

/** 子管理员's edit dialog: name, backend permissions and extended permissions. */
export const SubAdminEdit = dialog(subadmin, "edit");
export const SubAdminEditErrors = dialog(subadmin, "edit", { clear: ["请输入姓名"], expected: ["用户名不能为空"] });

const createAdminPage = () => (
  <EngineStage route="/createAdmin">
    <ResourceCreatePage decl={subadmin} />
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
