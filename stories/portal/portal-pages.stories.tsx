import type { Meta, StoryObj } from "@storybook/react-vite";
import { AxiosError } from "axios";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { portalApi } from "../../resources/portal/portal";
import { failEnvelope, type MockRoutes } from "../mock-api";
import { signedInPortal } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import { buttonName, expectToast, formErrors } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { portalEmpty, portalFailing, portalWithData } from "./portal-answers";

const meta = {
  title: "Portal/Pages",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = (path: string, api: MockRoutes, role: "teacher" | "assistant" | "student" = "student"): ScreenParameters => ({
  initialEntries: [path],
  api: [...signedInPortal(role), ...api],
});

/** What a dropped connection looks like to the app: no answer at all. */
const dropped = () => {
  throw new AxiosError("Network Error", AxiosError.ERR_NETWORK);
};

// ── 今日课程 ──────────────────────────────────────────────────────────────────────────────

/** The month with days of lives marked, and the day's rooms: replay, ended, enter, and a countdown. */
export const Calendar: Story = {
  parameters: screen("/stuIndex", portalWithData),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("函数专题第8讲")).toBeVisible();
    for (const label of ["观看回放", "已结束", "进入直播", "未开始"]) await expect(canvas.getByRole("button", { name: buttonName(label) })).toBeVisible();
    await expect(canvas.getByText(/^02:05:0\d后可进入$/)).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole("img", { name: "有直播" })).toHaveLength(3));
  },
};

/** A teacher makes the calendar address: it is shown once, with 复制. */
export const CalendarSubscription: Story = {
  parameters: screen("/teaIndex", portalWithData, "teacher"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "生成订阅地址" }));
    const address = await canvas.findByRole("textbox", { name: "日历订阅地址" });
    await expect((address as HTMLInputElement).value).toMatch(/\/api\/v1\/calendar\/.+\.ics$/);
    await expect(canvas.getByRole("button", { name: buttonName("复制") })).toBeVisible();
  },
};

export const CalendarEmpty: Story = {
  parameters: screen("/assistantIndex", portalEmpty, "assistant"),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("今天没有直播")).toBeVisible();
  },
};

/** No answer from the server: 网络异常, with a retry. */
export const CalendarNetworkFailure: Story = {
  parameters: screen("/stuIndex", [...portalWithData, [portalApi.lives, dropped]]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("网络异常")).toBeVisible();
    await expect(canvas.getByRole("button", { name: buttonName("重试") })).toBeVisible();
  },
};

export const CalendarError: Story = {
  parameters: screen("/stuIndex", portalFailing),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("直播加载失败")).toBeVisible();
  },
};

// ── 我的课程 ──────────────────────────────────────────────────────────────────────────────

/** Courses in progress; the first opened to its rooms. */
export const Courses: Story = {
  parameters: screen("/stuIndex/courses", portalWithData),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("已上6/10讲")).toBeVisible();
    await userEvent.click(canvas.getByText("高一数学·函数专题"));
    await expect(await canvas.findByText("函数专题第3讲")).toBeVisible();
    await expect(canvas.getByText("7天00:00:00后可进入")).toBeVisible();
  },
};

export const CoursesEnded: Story = {
  parameters: screen("/teaIndex/courses?tab=ended", portalWithData, "teacher"),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("高考冲刺·英语")).toBeVisible();
  },
};

export const CoursesEmpty: Story = {
  parameters: screen("/stuIndex/courses", portalEmpty),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("没有进行中的课程")).toBeVisible();
  },
};

export const CoursesError: Story = {
  parameters: screen("/stuIndex/courses", portalFailing),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("课程加载失败")).toBeVisible();
  },
};

// ── 消息 ─────────────────────────────────────────────────────────────────────────────────

/** The organisation's group with its last message; opened, its messages and 加载更多. */
export const Messages: Story = {
  parameters: screen("/stuIndex/message?group=1", portalWithData),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("新学期课程已上线，请各位老师及时检查课表。")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "加载更多" }));
    await expect(await canvas.findByText("请老师们在课前十分钟进入直播间调试设备。")).toBeVisible();
  },
};

export const MessagesEmpty: Story = {
  parameters: screen("/stuIndex/message", portalEmpty),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByText("暂无消息")).not.toHaveLength(0);
  },
};

export const MessagesError: Story = {
  parameters: screen("/stuIndex/message", portalFailing),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("消息加载失败")).toBeVisible();
  },
};

// ── 个人信息 ───────────────────────────────────────────────────────────────────────────────

/** The password change's messages (2 §5): an empty submit says 输入不能为空 under each field. */
export const PasswordRequired: Story = {
  parameters: screen("/stuIndex/userinfo", portalWithData),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "修改密码" }));
    const form = canvasElement.querySelector<HTMLElement>("#portal-password")!;
    await waitFor(() => expect(formErrors(form)).toEqual(["输入不能为空", "输入不能为空", "输入不能为空"]));
  },
};

/** A wrong old password: 修改失败 #1, and the server's words under 旧密码. */
export const PasswordRefused: Story = {
  parameters: screen("/stuIndex/userinfo", [...portalWithData, [portalApi.password, failEnvelope(1, "旧密码错误", { field: "old_passwd" })]]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByPlaceholderText("请输入旧密码"), "wrong1");
    await userEvent.type(canvas.getByPlaceholderText("6-16位字母和数字"), "abc123");
    await userEvent.type(canvas.getByPlaceholderText("再次输入新密码"), "abc123");
    await userEvent.click(canvas.getByRole("button", { name: "修改密码" }));
    await expectToast("修改失败 #1");
    await expect(await canvas.findByText("旧密码错误")).toBeVisible();
  },
};

/** A refused code request: 获取验证码失败:msg. The captcha image answers K3X9 (stories/support/static). */
export const PhoneCodeRefused: Story = {
  parameters: screen("/stuIndex/userinfo?tab=phone", [...portalWithData, [portalApi.mobileCode, failEnvelope(1, "该手机号已被其他用户使用")]]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByPlaceholderText("请输入手机号"), "13912345678");
    await userEvent.click(canvas.getByRole("button", { name: "获取验证码" }));
    await userEvent.type(await canvas.findByPlaceholderText("图形验证码"), "K3X9");
    await userEvent.click(canvas.getByRole("button", { name: "获取验证码" }));
    await expectToast("获取验证码失败:该手机号已被其他用户使用");
  },
};
