import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { signedInAdmin, signedInPortal } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";

/** A route of the table whose screen is not built yet says so under its own title. */
const meta = {
  title: "Foundation/Pages/Pending",
  render: () => <FoundationScreens />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("本页面尚无可显示的内容")).toBeVisible();
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const InAdminShell: Story = {
  parameters: { initialEntries: ["/liveMonitor"], api: signedInAdmin() } satisfies ScreenParameters,
};

export const InTeacherPortal: Story = {
  parameters: { initialEntries: ["/teaIndex/clouddiskop"], api: signedInPortal("teacher", { cloudDisk: ["org"] }) } satisfies ScreenParameters,
};

/** The room shell's pages open in their own window, without the console frame (the live rooms: Rooms/Room routes). */
export const InRoomShell: Story = {
  parameters: { initialEntries: ["/payresult"], api: signedInPortal("student") } satisfies ScreenParameters,
};
