import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { signedInAdmin, signedInPortal } from "../support/answers";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Pages/Not found",
  render: () => <FoundationScreens />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const expectWayHome = (home: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await expect(await canvas.findByText("页面不存在")).toBeVisible();
  await expect(canvas.getByRole("link", { name: /返回首页/ })).toHaveAttribute("href", home);
};

/** A path outside the route table, inside the admin console: the way home is /. */
export const InAdminShell: Story = {
  parameters: { initialEntries: ["/no-such-page"], api: signedInAdmin() } satisfies ScreenParameters,
  play: expectWayHome("/"),
};

/** Inside a portal the way home is the portal's own home. */
export const InStudentPortal: Story = {
  parameters: { initialEntries: ["/stuIndex/nothing"], api: signedInPortal("student") } satisfies ScreenParameters,
  play: expectWayHome("/stuIndex"),
};
