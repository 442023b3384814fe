import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import chgpasswdFormSchema from "../../schemas/auth/chgpasswd.edit.schema.json";
import { maskMobile } from "../../src/lib/mask";
import { failEnvelope } from "../mock-api";
import { signedInAdmin } from "../support/answers";
import { me } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import { buttonName, expectToast, formErrors, schemaMessages } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Admin/Change password",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/changepwd"], api: signedInAdmin() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const form = (root: HTMLElement) => root.querySelector<HTMLElement>(".ant-layout-content form")!;

/** The admin's own phone, masked, receives the code. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(maskMobile(me.mobile))).toBeVisible();
  },
};

export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(maskMobile(me.mobile));
    await userEvent.click(canvas.getByRole("button", { name: buttonName("确定") }));
    await waitFor(() => expect(formErrors(form(canvasElement))).toEqual(schemaMessages({}, chgpasswdFormSchema)));
  },
};

/** The code goes to the admin's phone; the button waits 60 seconds. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "获取验证码" }));
    await expectToast("验证码已发送");
    await expect(await canvas.findByRole("button", { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  },
};

/** A refused change keeps the form, with the server's words after 密码修改失败：. */
export const Refused: Story = {
  parameters: { api: [...signedInAdmin(), [authApi.changePassword, failEnvelope(1, "验证码错误")]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(maskMobile(me.mobile));
    await userEvent.type(canvas.getByPlaceholderText("请输入验证码"), "123456");
    await userEvent.type(canvas.getByPlaceholderText("6-20位密码"), "newpass1");
    await userEvent.type(canvas.getByPlaceholderText("再次输入新密码"), "newpass1");
    await userEvent.click(canvas.getByRole("button", { name: buttonName("确定") }));
    await expectToast("密码修改失败：验证码错误");
  },
};
