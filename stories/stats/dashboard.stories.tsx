import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { DEFAULT_MODULES, dashboardModules, statsApi } from "../../resources/stats/stats";
import { DashboardPage } from "../../src/features/stats/dashboard/dashboard-page";
import { failEnvelope, okEnvelope } from "../mock-api";
import { userManagementMenu } from "../support/fixtures";
import type { ScreenParameters } from "../support/screen-parameters";
import { balance } from "./stats-fixtures";
import { busyOrganisation, NEVER_MS, newOrganisation } from "./support/stats-answers";

/** The admin home (1 §2.3) on its own, at the width of the console's content area. */
const meta = {
  title: "Stats/Dashboard",
  render: () => (
    <div style={{ maxWidth: 1146, padding: 24, background: "#f5f7fb" }}>
      <DashboardPage />
    </div>
  ),
  parameters: { api: busyOrganisation(), session: { curBalance: balance } } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const shownModules = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>("[data-module]")].map((card) => Number(card.dataset.module));

/** Every one of the thirteen modules, charts drawn. */
export const AllModules: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(shownModules(canvasElement)).toEqual(dashboardModules.map((module) => module.id)));
    await waitFor(() => expect(canvasElement.querySelectorAll("[data-chart-state=drawn]")).toHaveLength(6), { timeout: 8000 });
  },
};

/** The organisation saved no list, or it could not be read: modules 1 to 9. */
export const DefaultModules: Story = {
  parameters: { api: [...busyOrganisation(), [statsApi.boardConfig, failEnvelope(500, "配置读取失败")]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(shownModules(canvasElement)).toEqual([...DEFAULT_MODULES]));
  },
};

/** A new organisation: every module says it has nothing yet. */
export const NewOrganisation: Story = {
  parameters: { api: newOrganisation(), session: { curBalance: 0 } } satisfies ScreenParameters,
};

/** Nothing has answered yet. */
export const Loading: Story = {
  parameters: { apiDelayMs: NEVER_MS, session: {} } satisfies ScreenParameters,
};

/** The gear: untick a module, save, and the dashboard follows. */
export const ChooseModules: Story = {
  parameters: { api: busyOrganisation(Date.now(), [1, 2, 3, 7]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /模块设置/ }));
    const dialog = within(await within(document.body).findByRole("dialog"));
    await userEvent.click(dialog.getByLabelText("今日直播"));
    await userEvent.click(dialog.getByRole("button", { name: /保\s?存/ }));
    await waitFor(() => expect(shownModules(canvasElement)).toEqual([1, 3, 7]));
  },
};

/**
 * A sub-admin with only the user-management menus: no balance, consumption, storage or traffic
 * (they need 账户概览 or 消费记录), and the gear offers only what it may see.
 */
export const SubAdminWithoutAccountMenus: Story = {
  parameters: { api: [...busyOrganisation(), [authApi.menu, okEnvelope(userManagementMenu)]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(shownModules(canvasElement)).toEqual([1, 2, 4, 5, 7, 8, 11]));
    await userEvent.click(await within(canvasElement).findByRole("button", { name: /模块设置/ }));
    const dialog = within(await within(document.body).findByRole("dialog"));
    await waitFor(() => expect(dialog.queryByLabelText("账户概况")).toBeNull());
  },
};
