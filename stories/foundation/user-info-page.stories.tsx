import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import type { UserInfo } from "../../providers/session-store";
import { failEnvelope } from "../mock-api";
import { signedInPortal } from "../support/answers";
import { studentInfo, teacherInfo } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Portal/User info",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nickname, phone and organisation in the details (the header repeats the nickname, so look inside). */
const expectDetails = (info: UserInfo) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(await within(canvasElement).findByText(info.mobile!)).toBeVisible();
  const details = within(canvasElement.querySelector<HTMLElement>(".ant-descriptions")!);
  await expect(details.getByText(info.nickname!)).toBeVisible();
  await expect(details.getByText(info.group!.name)).toBeVisible();
};

export const Teacher: Story = {
  parameters: { initialEntries: ["/teaIndex/userinfo"], api: signedInPortal("teacher") } satisfies ScreenParameters,
  play: expectDetails(teacherInfo),
};

export const Student: Story = {
  parameters: { initialEntries: ["/stuIndex/userinfo"], api: signedInPortal("student") } satisfies ScreenParameters,
  play: expectDetails(studentInfo),
};

/** The details cannot be loaded: a warning with a retry, inside the intact shell. */
export const LoadFailed: Story = {
  parameters: {
    initialEntries: ["/teaIndex/userinfo"],
    api: [...signedInPortal("teacher"), [authApi.userInfo, failEnvelope(500, "服务异常")]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("个人信息加载失败")).toBeVisible();
    await expect(canvas.getByText("重试")).toBeVisible();
  },
};

/** 修改手机号, the open tab named in the address: the declared form with its SMS code behind the graphic captcha. */
export const PhoneTab: Story = {
  parameters: { initialEntries: ["/stuIndex/userinfo?tab=phone"], api: signedInPortal("student") } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByPlaceholderText("请输入手机号")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "获取验证码" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "修改手机号", selected: true })).toBeVisible();
  },
};
