import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import retrieveFormSchema from "../../schemas/auth/retrieve.form.schema.json";
import { failEnvelope } from "../mock-api";
import { signedOut } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import { buttonName, expectToast, formErrors, schemaMessages } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Public/Forget password",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/forget-password"], api: signedOut } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const ErrorsInOrder: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: buttonName("修改") }));
    await waitFor(() => expect(formErrors(canvasElement)).toEqual(schemaMessages({}, retrieveFormSchema)));
  },
};

/** The server refuses an expired code; the person stays on the page with its words. */
export const ExpiredCode: Story = {
  parameters: { api: [...signedOut, [authApi.retrieve, failEnvelope(1, "验证码已失效")]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByPlaceholderText("手机号"), "13812345678");
    await userEvent.click(canvas.getByRole("button", { name: "获取验证码" }));
    await userEvent.type(await canvas.findByPlaceholderText("图形验证码"), "K3X9");
    await userEvent.click(canvas.getByRole("button", { name: /获取验证码$/ }));
    await expect(await canvas.findByRole("button", { name: /^\d+秒后重新获取$/ })).toBeDisabled();
    await userEvent.type(canvas.getByPlaceholderText("验证码"), "111111");
    await userEvent.type(canvas.getByPlaceholderText("新密码"), "secret12");
    await userEvent.type(canvas.getByPlaceholderText("确认密码"), "secret12");
    await userEvent.click(canvas.getByRole("button", { name: buttonName("修改") }));
    await expectToast("验证码已失效");
    await expect(canvas.getByRole("heading", { name: "找回密码" })).toBeVisible();
  },
};
