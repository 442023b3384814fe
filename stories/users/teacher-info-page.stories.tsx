import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { teacherDetail } from "../../resources/users/detail";
import { DetailPage } from "../../src/engine/detail-page";
import type { ScreenParameters } from "../support/screen-parameters";
import { teacherAnswers, unknownPersonAnswers } from "./user-stats-answers";

/** /teacherInfo (1 §2.4) on its own, at the width of the console's content area. */
const meta = {
  title: "Users/Teacher detail",
  render: () => (
    <div style={{ maxWidth: 1146, padding: 24, background: "#f5f5f5" }}>
      <DetailPage decl={teacherDetail} />
    </div>
  ),
  parameters: { initialEntries: ["/teacherInfo?teacherId=2"], api: teacherAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo teacher: courses and lives done of all, attendance, and 47 lives paged by 10. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("李老师")).toBeVisible();
    await expect(await canvas.findByText("直播数量：47")).toBeVisible();
    await expect(canvas.getByLabelText("授课直播 30/47")).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelectorAll(".ant-table-row")).toHaveLength(10));
  },
};

/** Filters read from the URL: ended lives of a title, 20 a page. */
export const Filtered: Story = {
  parameters: { initialEntries: ["/teacherInfo?teacherId=2&title=%E6%95%B0%E5%AD%A6&status=2&pageSize=20"] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(/^直播数量：\d+$/).textContent).not.toBe("直播数量：0"));
    for (const row of canvasElement.querySelectorAll(".ant-table-row")) await expect(row.textContent).toContain("已结束");
  },
};

/** A new teacher: nothing taught yet, an empty table. */
export const Empty: Story = {
  parameters: {
    api: teacherAnswers({
      info: { nickname: "陈老师", headimg: "", mobile: "13700000088" },
      stats: { courseDo: 0, courseTotal: 0, liveDo: 0, liveTotal: 0, "check-do": 0, "check-late": 0, "check-leaveearly": 0, "check-undo": 0 },
      lives: [],
    }),
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("暂无直播记录")).toBeVisible();
  },
};

/** Every call fails: the default nickname 老师, zero stats (1 §8), and the table's retry. */
export const Failed: Story = {
  parameters: { api: teacherAnswers({ info: null, stats: null, lives: null }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("老师")).toBeVisible();
    await expect(canvas.getByLabelText("授课课程 0/0")).toBeVisible();
    await expect(await canvas.findByText("直播记录加载失败")).toBeVisible();
  },
};

/** Nothing has answered yet. */
export const Loading: Story = {
  parameters: { apiDelayMs: 1_000_000_000 } satisfies ScreenParameters,
};

/** An id that is no teacher of the organisation (a student, an assistant, another school's): said so, with the way back. */
export const NotFound: Story = {
  parameters: { initialEntries: ["/teacherInfo?teacherId=4"], api: unknownPersonAnswers } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("未找到该老师")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "返回老师列表" })).toBeVisible();
  },
};

/** A link without a teacher id. */
export const NoTeacher: Story = {
  parameters: { initialEntries: ["/teacherInfo"] } satisfies ScreenParameters,
};
