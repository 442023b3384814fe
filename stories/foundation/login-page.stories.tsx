import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi, loginCodes } from "../../resources/auth/auth";
import passwordSchema from "../../schemas/auth/login.password.schema.json";
import { failEnvelope } from "../mock-api";
import { signedOut } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import { activeTabPane, buttonName, expectShown, expectToast, formErrors, schemaMessages } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Public/Login",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/login"], api: signedOut } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** 账号密码登录, as a first visit shows it. */
export const PasswordTab: Story = {};

/** The phone that last signed in is filled in for the next visit. */
export const RememberedPhone: Story = {
  parameters: { session: { phone: "13800000000" } } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const pane = within(activeTabPane(canvasElement));
    await expect(pane.getByPlaceholderText("手机号")).toHaveValue("13800000000");
  },
};

/** Submitting nothing shows the schema's messages under the fields. */
export const EmptySubmit: Story = {
  play: async ({ canvasElement }) => {
    const pane = activeTabPane(canvasElement);
    await userEvent.click(within(pane).getByRole("button", { name: buttonName("登录") }));
    await waitFor(() => expect(formErrors(pane)).toEqual(schemaMessages({}, passwordSchema)));
  },
};

/** A wrong password (body code 900) reveals the graphic captcha, which every later attempt must carry. */
export const CaptchaAfterWrongPassword: Story = {
  parameters: {
    api: [...signedOut, [authApi.passwordLogin, failEnvelope(loginCodes.wrongPassword, "用户名或密码错误")]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const pane = within(activeTabPane(canvasElement));
    await expect(pane.queryByAltText("图形验证码")).toBeNull();
    await userEvent.type(pane.getByPlaceholderText("手机号"), "13800000000");
    await userEvent.type(pane.getByPlaceholderText("密码"), "not-my-password");
    await userEvent.click(pane.getByRole("button", { name: buttonName("登录") }));
    await expectToast("用户名或密码错误");
    const image = await pane.findByAltText("图形验证码");
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(pane.getByPlaceholderText("图形验证码")).toBeVisible();
  },
};

/**
 * The server needs the captcha before this page has shown it (another browser failed first):
 * the page shows it and asks for it instead of calling it wrong.
 */
export const CaptchaNeededFromElsewhere: Story = {
  parameters: {
    api: [...signedOut, [authApi.passwordLogin, failEnvelope(loginCodes.wrongCaptcha, "请输入验证码", { needCaptcha: true })]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const pane = within(activeTabPane(canvasElement));
    await userEvent.type(pane.getByPlaceholderText("手机号"), "13800000000");
    await userEvent.type(pane.getByPlaceholderText("密码"), "demo1234");
    await userEvent.click(pane.getByRole("button", { name: buttonName("登录") }));
    await expect(await pane.findByAltText("图形验证码")).toBeVisible();
    await waitFor(() => expect(formErrors(activeTabPane(canvasElement))).toEqual(["请输入验证码"]));
    await expect(within(document.body).queryByText("验证码错误")).toBeNull();
  },
};

/** Ten wrong passwords lock the account for a while; the server's words say for how long. */
export const LockedAccount: Story = {
  parameters: {
    api: [...signedOut, [authApi.passwordLogin, failEnvelope(loginCodes.tooMany, "密码错误次数过多，账号已锁定，请15分钟后再试", { needCaptcha: true })]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const pane = within(activeTabPane(canvasElement));
    await userEvent.type(pane.getByPlaceholderText("手机号"), "13800000000");
    await userEvent.type(pane.getByPlaceholderText("密码"), "demo1234");
    await userEvent.click(pane.getByRole("button", { name: buttonName("登录") }));
    await expectToast("密码错误次数过多，账号已锁定，请15分钟后再试");
  },
};

/** 手机快捷登录: asking for an SMS code first asks for the graphic captcha. */
export const QuickLoginAsksCaptchaFirst: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "手机快捷登录" }));
    await waitFor(() => expect(activeTabPane(canvasElement).querySelector("input[autocomplete=one-time-code]")).not.toBeNull());
    const pane = within(activeTabPane(canvasElement));
    await userEvent.type(pane.getByPlaceholderText("手机号"), "13800000000");
    await userEvent.click(pane.getByRole("button", { name: "获取验证码" }));
    await expect(await pane.findByAltText("图形验证码")).toBeVisible();
    await expectShown(activeTabPane(canvasElement), "请输入验证码");
  },
};

/** With the captcha typed the code is sent and the button counts down its 60 seconds. */
export const QuickLoginCountdown: Story = {
  play: async (context) => {
    await QuickLoginAsksCaptchaFirst.play!(context);
    const pane = within(activeTabPane(context.canvasElement));
    await userEvent.type(pane.getByPlaceholderText("图形验证码"), "K3X9");
    // After a request refused within a frame, antd leaves its (invisible) loading icon in the button,
    // so the button's accessible name becomes "loading 获取验证码".
    await userEvent.click(pane.getByRole("button", { name: /获取验证码$/ }));
    await expectToast("获取成功");
    const countdown = await pane.findByRole("button", { name: /^\d+秒后重新获取$/ });
    await expect(countdown).toBeDisabled();
    await waitFor(() => expect(pane.queryByText("请输入验证码")).toBeNull());
  },
};
