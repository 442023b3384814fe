import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import registerFormSchema from "../../schemas/auth/register.form.schema.json";
import { signedOut } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import { buttonName, expectToast, formErrors, schemaMessages } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Public/Register",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/register"], api: signedOut } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const expected = (values: Record<string, unknown>) => schemaMessages(values, registerFormSchema);

export const Empty: Story = {};

/** Submitting nothing: one message per field, top to bottom in the schema's order. */
export const ErrorsInOrder: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: buttonName("注册") }));
    await waitFor(() => expect(formErrors(canvasElement)).toEqual(expected({})));
  },
};

/** Values that are present but wrong get the schema's second messages (format, length, mismatch). */
export const WrongValues: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const values = { mobile: "12345", passwd: "abc", confirm: "abd" };
    await userEvent.type(canvas.getByPlaceholderText("手机号"), values.mobile);
    await userEvent.type(canvas.getByPlaceholderText("6-20位密码"), values.passwd);
    await userEvent.type(canvas.getByPlaceholderText("确认密码"), values.confirm);
    await userEvent.click(canvas.getByRole("button", { name: buttonName("注册") }));
    await waitFor(() => expect(formErrors(canvasElement)).toEqual(expected(values)));
  },
};

/** Asking for the code first asks for the graphic captcha of that phone, and marks only it. */
export const CaptchaFirst: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByPlaceholderText("手机号"), "13812345678");
    await userEvent.click(canvas.getByRole("button", { name: "获取验证码" }));
    await expect(await canvas.findByAltText("图形验证码")).toBeVisible();
    await waitFor(() => expect(formErrors(canvasElement)).toEqual(["请输入验证码"]));
  },
};

/** With the captcha typed the phone gets its code, and the button waits 60 seconds before another. */
export const CodeSent: Story = {
  play: async (context) => {
    await CaptchaFirst.play!(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(canvas.getByPlaceholderText("图形验证码"), "K3X9");
    await userEvent.click(canvas.getByRole("button", { name: /获取验证码$/ }));
    await expectToast("获取成功");
    await expect(await canvas.findByRole("button", { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  },
};
