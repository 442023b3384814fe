import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import course from "../../resources/courses/course";
import { CourseEnrolDialog } from "../../src/features/courses/enrol/course-enrol-dialog";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { buttonName } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";

/** Adding by mobile: these mobiles are refused with the server's message, the rest are added. */
const byMobileAnswers = (refused: Record<string, string>): MockRoutes => [
  [
    course.extra.addStudentByMobile,
    ({ body }) => {
      const msg = refused[String(body.mobile)];
      return msg ? failEnvelope(1, msg) : okEnvelope({ Id: 1, Name: "", Mobile: body.mobile }, { msg: "添加成功" });
    },
  ],
];

const refusals = { "13712340002": "该手机号不是本机构的学生", "13712340005": "该学生已在本课程中" };

/** Rows as read from a sheet (header dropped): name, mobile. One mobile is malformed. */
const parsedRows = [
  ["孙小明", "13712340001"],
  ["周晓雨", "13712340002"],
  ["吴一凡", "13712340003"],
  ["郑可", "1371234"],
  ["王芳", "13712340005"],
  ["冯涛", "13712340006"],
];

/** 批量导入 of a course's students by mobile (1 §2.5): xlsx or xls, at most 500 rows. */
const meta = {
  title: "Courses/Batch enrol",
  component: CourseEnrolDialog,
  args: { course: { id: 7, title: "高一数学提高班" }, onClose: fn() },
  parameters: { initialEntries: ["/courseop"], api: byMobileAnswers(refusals) } satisfies ScreenParameters,
} satisfies Meta<typeof CourseEnrolDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const status = () => document.body.querySelector(".ant-modal [role=status]")?.textContent ?? "";

/** Just opened: choose an xlsx or xls file, or download the template. */
export const Empty: Story = {};

/** The second row was refused: the run waits on 是否继续？ with 不再提示. */
export const FailurePrompt: Story = {
  args: { initialRows: parsedRows },
  play: async () => {
    await userEvent.click(body().getByRole("button", { name: buttonName("导入") }));
    await waitFor(() => expect(body().getByText("该手机号不是本机构的学生，是否继续？")).toBeVisible(), { timeout: 8000 });
    await expect(body().getByRole("checkbox", { name: "不再提示" })).not.toBeChecked();
    await expect(status()).toBe("正在导入 2/6");
  },
};

/** Run to the end with 不再提示 ticked at the first failure: three added, three failed. */
export const Finished: Story = {
  args: { initialRows: parsedRows },
  play: async () => {
    await userEvent.click(body().getByRole("button", { name: buttonName("导入") }));
    await waitFor(() => expect(body().getByText("该手机号不是本机构的学生，是否继续？")).toBeVisible(), { timeout: 8000 });
    await userEvent.click(body().getByRole("checkbox", { name: "不再提示" }));
    await userEvent.click(body().getByRole("button", { name: buttonName("确定") }));
    await waitFor(() => expect(status()).toBe("导入完成：成功 3 条，失败 3 条"), { timeout: 8000 });
    await expect(body().getByText("手机号格式不对")).toBeVisible();
  },
};
