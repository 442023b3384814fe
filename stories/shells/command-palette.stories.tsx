import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { resources, teacher } from "../../resources";
import { resourceAnswers } from "../engine/engine-answers";
import { sampleRows } from "../engine/sample-rows";
import type { MockRoutes } from "../mock-api";
import { signedInAdmin } from "../support/answers";
import { userManagementMenu } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";

/** Every declared resource answering with sample records, the signed-in admin last so its menu wins. */
const consoleAnswers = (menu = {}): MockRoutes => [...resources.flatMap((decl) => resourceAnswers(decl, sampleRows(decl, 12))), ...signedInAdmin(menu)];

const meta = {
  title: "Foundation/Admin/Command palette",
  render: () => <FoundationScreens />,
  parameters: { initialEntries: ["/changepwd"], api: consoleAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Ctrl+K once the shell has its menu; the palette's input has the focus. */
async function openPalette(root: HTMLElement) {
  await within(root).findByText("用户管理", undefined, { timeout: 8000 });
  await userEvent.keyboard("{Control>}k{/Control}");
  const input = await body().findByRole("combobox", { name: "搜索页面或记录" });
  await waitFor(() => expect(input).toHaveFocus());
  return input;
}

/** Opened: every page of the main admin's menu, by group. */
export const Pages: Story = {
  play: async ({ canvasElement }) => {
    await openPalette(canvasElement);
    await expect(body().getByRole("option", { name: /老师管理/ })).toBeVisible();
  },
};

/** A name typed: the pages that match and the records of every resource with a search call. */
export const RecordSearch: Story = {
  play: async ({ canvasElement }) => {
    const input = await openPalette(canvasElement);
    const [wanted] = sampleRows(teacher, 12);
    await userEvent.type(input, String(wanted.Name));
    await expect(await body().findByRole("option", { name: new RegExp(String(wanted.Name)) }, { timeout: 8000 })).toBeVisible();
    await userEvent.keyboard("{ArrowDown}");
  },
};

/** A sub-admin of user management: no course pages, no course search. */
export const SubAdmin: Story = {
  parameters: { api: consoleAnswers({ menu: userManagementMenu }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await openPalette(canvasElement);
    await expect(body().queryByRole("option", { name: /课程管理/ })).toBeNull();
  },
};

/** Nothing matches. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const input = await openPalette(canvasElement);
    await userEvent.type(input, "无此页无此人");
    await waitFor(() => expect(within(body().getByRole("dialog")).getByRole("status").textContent).toBe("没有匹配的页面或记录"), { timeout: 8000 });
  },
};
