import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { failEnvelope } from "../mock-api";
import { signedInAdmin } from "../support/answers";
import { mainAdminMenu, orgNames, userManagementMenu } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import { expectToast } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

const meta = {
  title: "Foundation/Admin/Shell",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/"], api: signedInAdmin() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const sider = (root: HTMLElement) => root.querySelector<HTMLElement>(".ant-layout-sider")!;
const groupLabels = (root: HTMLElement) =>
  [...sider(root).querySelectorAll(".ant-menu-submenu-title")].map((title) => title.textContent);
const itemLabels = (root: HTMLElement) => [...sider(root).querySelectorAll(".ant-menu-item")].map((item) => item.textContent);

async function expectOrgName(root: HTMLElement, name: string, fontSize: number) {
  const title = await within(root).findByRole("link", { name });
  await expect(title).toHaveStyle({ fontSize: `${fontSize}px` });
}

/** The main admin: every sidebar group of the catalogue, the organisation name and the balance. */
export const MainAdmin: Story = {
  play: async ({ canvasElement }) => {
    await expectOrgName(canvasElement, orgNames.short, 18);
    await waitFor(() => expect(groupLabels(canvasElement)).toEqual(mainAdminMenu.groups.map((group) => group.label)));
  },
};

/** On a menu page its group opens; only the main admin has 子管理员. */
export const MainAdminUserManagement: Story = {
  parameters: { initialEntries: ["/teacherop"] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("menuitem", { name: "子管理员" })).toBeVisible();
  },
};

/** A sub-admin granted user management only: one group, without 子管理员. */
export const SubAdminUserManagementOnly: Story = {
  parameters: { initialEntries: ["/teacherop"], api: signedInAdmin({ menu: userManagementMenu }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(groupLabels(canvasElement)).toEqual(["用户管理"]));
    await expect(itemLabels(canvasElement)).toEqual(userManagementMenu.groups[0].items.map((item) => item.label));
  },
};

/** Ten characters or more: the name shrinks to 12 px. */
export const LongOrganisationName: Story = {
  parameters: { api: signedInAdmin({ orgName: orgNames.long }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectOrgName(canvasElement, orgNames.long, 12),
};

/** Five to nine characters: 14 px. */
export const MediumOrganisationName: Story = {
  parameters: { api: signedInAdmin({ orgName: orgNames.medium }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectOrgName(canvasElement, orgNames.medium, 14),
};

/** Under five characters: 18 px. */
export const ShortOrganisationName: Story = {
  parameters: { api: signedInAdmin({ orgName: orgNames.short }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => expectOrgName(canvasElement, orgNames.short, 18),
};

/** 余额 in yuan, grouped, linking to 账户充值. */
export const Balance: Story = {
  parameters: { api: signedInAdmin({ balance: 1234567.8 }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const balance = await within(canvasElement).findByRole("link", { name: "余额：¥1,234,567.80" });
    await expect(balance).toHaveAttribute("href", "/recharge");
  },
};

/** The balance call failing leaves a dash, not an error. */
export const BalanceUnavailable: Story = {
  parameters: { api: signedInAdmin({ balance: null }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("link", { name: orgNames.short });
    await expect(within(canvasElement).getByRole("link", { name: "余额：--" })).toBeVisible();
  },
};

/** A page reached from within a page (not from the sidebar) gets a return button. */
export const OffMenuPage: Story = {
  parameters: { initialEntries: ["/teacherop", "/teacherInfo"] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "返回" })).toBeVisible();
  },
};

/** The avatar menu: the shell's links, then 退出登录. */
export const AvatarMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByText("张校长"));
    const menu = await waitFor(() => {
      const dropdown = document.querySelector<HTMLElement>(".ant-dropdown-menu");
      if (!dropdown) throw new Error("the avatar menu did not open");
      return dropdown;
    });
    await expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["首页", "修改密码", "退出登录"]);
  },
};

/** Without a menu the console cannot work: back to the sign-in page, which does not re-enter. */
export const MenuLoadFailed: Story = {
  parameters: {
    api: [...signedInAdmin(), [authApi.menu, failEnvelope(1, "菜单错误")]],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expectToast("菜单加载失败，请重新登录");
    await expect(await within(canvasElement).findByRole("tab", { name: "账号密码登录" })).toBeVisible();
  },
};
