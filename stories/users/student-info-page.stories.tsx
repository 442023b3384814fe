import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { studentDetail } from "../../resources/users/detail";
import { DetailPage } from "../../src/engine/detail-page";
import type { ScreenParameters } from "../support/screen-parameters";
import { studentAnswers, unknownPersonAnswers } from "./user-stats-answers";

/** /studentInfo (1 §2.4) on its own, at the width of the console's content area. */
const meta = {
  title: "Users/Student detail",
  render: () => (
    <div style={{ maxWidth: 1146, padding: 24, background: "#f5f5f5" }}>
      <DetailPage decl={studentDetail} />
    </div>
  ),
  parameters: { initialEntries: ["/studentInfo?mobile=13800000003"], api: studentAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo student: participated courses and lives, attendance, its 54 lives, and 返回 to the list. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("赵同学")).toBeVisible();
    await expect(canvas.getByLabelText("参与直播 37/54")).toBeVisible();
    await expect(await canvas.findByText("直播数量：54")).toBeVisible();
  },
};

/** A student who has not attended anything yet. */
export const Empty: Story = {
  parameters: {
    initialEntries: ["/studentInfo?mobile=13730000320"],
    api: studentAnswers({
      info: { nickname: "于艳斌", headimg: "", mobile: "13730000320" },
      stats: {
        course: { courseDo: 0, courseTotal: 0 },
        live: { liveDo: 0, liveTotal: 0 },
        check: { "check-do": 0, "check-late": 0, "check-leaveearly": 0, "check-undo": 0 },
      },
      lives: [],
    }),
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("暂无直播记录")).toBeVisible();
  },
};

/** Every call fails: the default nickname 学生 with the phone from the link, zero stats (1 §8). */
export const Failed: Story = {
  parameters: { api: studentAnswers({ info: null, stats: null, lives: null }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("学生")).toBeVisible();
    await expect(canvas.getByText("手机号：13800000003")).toBeVisible();
    await expect(canvas.getByLabelText("参与课程 0/0")).toBeVisible();
  },
};

/** A mobile that is no student of the organisation (a teacher's, or another school's): said so, with the way back. */
export const NotFound: Story = {
  parameters: { initialEntries: ["/studentInfo?mobile=13800000001"], api: unknownPersonAnswers } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("未找到该学生")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "返回学生列表" })).toBeVisible();
  },
};
