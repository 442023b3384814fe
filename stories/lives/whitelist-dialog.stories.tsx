import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { SheetToolsContext } from "../../src/lib/xlsx/sheet-tools";
import { buildSheet, saveFile } from "../../src/lib/xlsx/build-sheet";
import type { ScreenParameters } from "../support/screen-parameters";
import { sampleEntries, verificationAnswers } from "./verification-answers";
import { WhitelistStage } from "./whitelist-stage";

/** 白名单列表 (2 §2): the live's usernames and passwords, paged, with add, import, template, export and clear. */
const meta = {
  title: "Lives/Whitelist",
  component: WhitelistStage,
  parameters: { initialEntries: ["/liveop"], api: verificationAnswers({ entries: sampleEntries }) } satisfies ScreenParameters,
} satisfies Meta<typeof WhitelistStage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const rows = () => document.body.querySelectorAll(".ant-modal .ant-table-tbody tr.ant-table-row").length;

/** 23 entries, 10 a page. */
export const WithEntries: Story = {
  play: async () => {
    await waitFor(() => expect(rows()).toBe(10), { timeout: 8000 });
    await expect(body().getByText("共 23 条")).toBeVisible();
  },
};

/** No entries yet. */
export const Empty: Story = {
  parameters: { api: verificationAnswers() } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getByText("还没有白名单，可添加或从表格导入")).toBeVisible(), { timeout: 8000 });
  },
};

/** The list could not be read: 获取白名单失败 and the server's words, with 重试. */
export const LoadError: Story = {
  parameters: { api: verificationAnswers({ listFail: "服务暂不可用" }) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getAllByText("获取白名单失败，服务暂不可用").length).toBeGreaterThan(0), { timeout: 8000 });
  },
};

/** Rows as a sheet gives them: two in the list already, one repeated, one without a password. */
const sheet = {
  header: ["昵称", "密码"],
  rows: [
    ["新同学甲", "new001"],
    ["王同学", "vip8801"],
    ["新同学乙", "new002"],
    ["新同学丙", "new001"],
    ["新同学丁", ""],
    ["李同学", "vip8802"],
  ],
  truncated: false,
};

/** The dry run of an import: 2 rows can go in, 4 cannot, each with its reason; 下载错误行 and 确认导入. */
export const DryRun: Story = {
  decorators: [
    (Story) => (
      <SheetToolsContext.Provider value={{ parseSheet: async () => sheet, buildSheet, saveFile }}>
        <Story />
      </SheetToolsContext.Provider>
    ),
  ],
  play: async () => {
    await waitFor(() => expect(rows()).toBe(10), { timeout: 8000 });
    await userEvent.click(body().getByRole("button", { name: /导\s?入/ }));
    const input = await waitFor(() => {
      const found = document.body.querySelector<HTMLInputElement>(".ant-modal input[type=file]");
      if (!found) throw new Error("no file input yet");
      return found;
    });
    await userEvent.upload(input, new File(["x"], "白名单.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
    await waitFor(() => expect(body().getByText("白名单.xlsx：共 6 条，可导入 2 条，错误 4 条")).toBeVisible(), { timeout: 8000 });
    await expect(body().getByText("与第1条的密码重复")).toBeVisible();
    await expect(body().getByRole("button", { name: /确认导入 2 条/ })).toBeEnabled();
  },
};
