import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { StudentImportButton } from "../../src/features/users";
import { StudentImportDialog } from "../../src/features/users/student-import/student-import-dialog";
import { buttonName } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { studentCreateAnswers } from "./user-stats-answers";

/** The /studentop batch import (1 §2.4, §5). The file is parsed by the real sheet worker. */
const meta = {
  title: "Users/Student import",
  component: StudentImportDialog,
  args: { open: true, onClose: fn(), onImported: fn() },
  parameters: { initialEntries: ["/studentop"], api: studentCreateAnswers() } satisfies ScreenParameters,
} satisfies Meta<typeof StudentImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rows as read from a sheet (header dropped); two break the import row schema. */
const parsedRows = [
  ["孙小明", "123456", "13712340001", "一班"],
  ["周晓雨", "123456", "13712340002", "一班"],
  ["吴一凡", "123456", "", "二班"],
  ["郑可", "abc123", "1371234", "二班"],
  ["王芳", "123456", "13712340005", ""],
  ["冯涛", "888888", "13712340006", "三班"],
];

const dialog = () => within(document.body.querySelector<HTMLElement>(".ant-modal")!);

/** Just opened: choose a file (xlsx, xls, csv…) or download the template. */
export const Empty: Story = {};

/** A sheet was read: the rows can be corrected before importing; schema messages in red. */
export const WithParsedRows: Story = {
  args: { initialRows: parsedRows },
  play: async () => {
    await waitFor(() => expect(dialog().getByText("手机号不能为空")).toBeVisible());
    await expect(dialog().getByText("手机号格式不对")).toBeVisible();
  },
};

/** Importing, one row at a time: the second row was refused by the server, the third is on its way. */
export const MidImport: Story = {
  args: { initialRows: parsedRows.filter((row) => row[2].length === 11) },
  parameters: { api: studentCreateAnswers({ "13712340002": "该手机号已注册为本机构学生" }), apiDelayMs: 2500 } satisfies ScreenParameters,
  play: async () => {
    await userEvent.click(dialog().getByRole("button", { name: buttonName("导入") }));
    await waitFor(() => expect(dialog().getByText("该手机号已注册为本机构学生")).toBeVisible(), { timeout: 8000 });
    await expect(dialog().getByRole("status").textContent).toMatch(/^正在导入 2\/4$/);
    await expect(dialog().getByRole("button", { name: buttonName("停止") })).toBeVisible();
  },
};

/** The toolbar button the /studentop list shows; each opening starts a fresh import. */
export const ToolbarButton: StoryObj<typeof StudentImportButton> = {
  render: () => (
    <div style={{ padding: 24 }}>
      <StudentImportButton onImported={fn()} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /批量导入/ }));
    await waitFor(() => expect(within(document.body).getByText("批量导入学生")).toBeVisible());
  },
};
