import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { LightTabs } from "../../src/components/light-tabs";

const meta = {
  title: "Foundation/Components/Light tabs",
  component: LightTabs,
  args: {
    id: "story",
    defaultKey: "password",
    items: [
      { key: "password", label: "账号密码登录", children: <p>账号与密码</p> },
      { key: "quick", label: "手机快捷登录", children: <p>手机号与短信验证码</p> },
    ],
  },
} satisfies Meta<typeof LightTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first tab is open; the arrow keys move to the next one and show its panel. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("账号与密码");
    canvas.getByRole("tab", { name: "账号密码登录" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "手机快捷登录" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("手机号与短信验证码");
  },
};
