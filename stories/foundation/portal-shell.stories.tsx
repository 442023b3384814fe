import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { portalEmpty } from "../portal/portal-answers";
import { signedInPortal } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";

/** The shells around the portal's pages, which answer with nothing to show here (stories/portal has them with data). */
const meta = {
  title: "Foundation/Portal/Shells",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const menuLabels = (root: HTMLElement) =>
  [...root.querySelectorAll(".ant-layout-sider .ant-menu-item")].map((item) => item.textContent);

const portalEntries = ["今日课程", "我的课程", "消息"];

const expectMenu = (labels: string[]) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => expect(menuLabels(canvasElement)).toEqual(labels));
};

export const TeacherWithCloudDisk: Story = {
  parameters: {
    initialEntries: ["/teaIndex"],
    api: [...signedInPortal("teacher", { cloudDisk: ["org", "personal"] }), ...portalEmpty],
    session: { identityInfo: { id: 2, name: "第二学校", type: "teacher" } },
  } satisfies ScreenParameters,
  play: expectMenu([...portalEntries, "机构云盘", "个人云盘"]),
};

export const TeacherWithoutCloudDisk: Story = {
  parameters: { initialEntries: ["/teaIndex"], api: [...signedInPortal("teacher"), ...portalEmpty] } satisfies ScreenParameters,
  play: expectMenu(portalEntries),
};

/** Granted the personal disk only (what a new assistant starts with), seen on its page. */
export const AssistantWithCloudDisk: Story = {
  parameters: {
    initialEntries: ["/assistantIndex/assclouddiskop"],
    api: [...signedInPortal("assistant", { cloudDisk: ["personal"] }), ...portalEmpty],
  } satisfies ScreenParameters,
  play: expectMenu([...portalEntries, "个人云盘"]),
};

export const AssistantWithoutCloudDisk: Story = {
  parameters: { initialEntries: ["/assistantIndex/courses"], api: [...signedInPortal("assistant"), ...portalEmpty] } satisfies ScreenParameters,
  play: expectMenu(portalEntries),
};

/** Students never have a cloud disk; their shell does not even ask for the menu. */
export const Student: Story = {
  parameters: { initialEntries: ["/stuIndex/message"], api: [...signedInPortal("student"), ...portalEmpty] } satisfies ScreenParameters,
  play: expectMenu(portalEntries),
};
