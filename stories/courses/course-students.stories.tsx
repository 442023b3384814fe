import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import course from "../../resources/courses/course";
import coursePicker from "../../resources/courses/student-picker";
import { TwoPanePicker } from "../../src/engine/two-pane-picker";
import { failEnvelope, okEnvelope, type MockHandler, type MockRoutes } from "../mock-api";
import type { ScreenParameters } from "../support/screen-parameters";

/** A student as the pickers list one (1 §3, 2 §3). */
export interface PickerStudent {
  Id: number;
  Name: string;
  Mobile: string;
}

const surnames = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢";
const givenNames = ["子涵", "欣怡", "浩然", "梓萱", "宇轩", "雨桐", "俊杰", "诗琪", "一诺", "明轩", "思远", "可馨"];
/** The organisation's 23 students (tests read them too). */
export const everyone: PickerStudent[] = Array.from({ length: 23 }, (_, i) => ({
  Id: 100 + i,
  Name: `${surnames[i]}${givenNames[i % givenNames.length]}`,
  Mobile: String(13712340000 + i),
}));

/**
 * The server's side of 学员管理 for one course: the organisation's students split into added and
 * not added, paged, searched by a name fragment or digits of the mobile, and changed by 添加/移除.
 * `start` are the Ids in the course when the story begins.
 */
export function rosterAnswers(students: PickerStudent[], start: number[]): MockRoutes {
  let added = [...start];
  const page = (inCourse: boolean): MockHandler => ({ query }) => {
    const key = String(query.key ?? "");
    const hits = students.filter((s) => added.includes(s.Id) === inCourse && (s.Name.includes(key) || s.Mobile.includes(key)));
    // Added students: the most recently added first, as the server lists them.
    if (inCourse) hits.sort((a, b) => added.indexOf(b.Id) - added.indexOf(a.Id));
    const n = Number(query.page ?? 1);
    const count = Number(query.count ?? 5);
    return okEnvelope(hits.slice((n - 1) * count, n * count), { count: hits.length });
  };
  const api = course.extra;
  return [
    [api.unaddedStudents, page(false)],
    [api.unaddedStudentsSearch, page(false)],
    [api.students, page(true)],
    [api.studentsSearch, page(true)],
    [api.addStudent, ({ body }) => ((added = [...added, Number(body.userid)]), okEnvelope(null, { msg: "添加成功" }))],
    [api.removeStudent, ({ query }) => ((added = added.filter((id) => id !== Number(query.userid))), okEnvelope(null, { msg: "删除成功" }))],
  ];
}

/** 学员管理 of a course (1 §2.5): students not added and added, 5 a page, each pane searchable. */
const meta = {
  title: "Courses/Student management",
  component: TwoPanePicker,
  excludeStories: ["everyone", "rosterAnswers"],
  args: { picker: coursePicker, owner: { id: 7, title: "高一数学提高班" }, onClose: fn() },
  parameters: { initialEntries: ["/courseop"], api: rosterAnswers(everyone, [103, 104, 110, 115, 120, 121, 122]) } satisfies ScreenParameters,
} satisfies Meta<typeof TwoPanePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const pane = (title: string) => within(document.body.querySelector<HTMLElement>(`[aria-label="${title}"]`)!);
const rowsOf = (title: string) => document.body.querySelectorAll(`[aria-label="${title}"] .ant-table-tbody tr.ant-table-row`).length;

/** 16 students to add on three pages, 7 in the course on two. */
export const WithStudents: Story = {
  play: async () => {
    await waitFor(() => expect(rowsOf("未添加学员")).toBe(5));
    await waitFor(() => expect(rowsOf("已添加学员")).toBe(5));
    await waitFor(() => expect(pane("未添加学员").getByText("共 16 人")).toBeVisible());
  },
};

/** An organisation with no students yet. */
export const Empty: Story = {
  parameters: { api: rosterAnswers([], []) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(pane("未添加学员").getByText("没有未添加的学员")).toBeVisible());
    await waitFor(() => expect(pane("已添加学员").getByText("还没有添加学员")).toBeVisible());
  },
};

/** A search in the left pane: only the matching students not in the course. */
export const Searching: Story = {
  play: async () => {
    await waitFor(() => expect(rowsOf("未添加学员")).toBe(5));
    await userEvent.type(pane("未添加学员").getByRole("textbox", { name: "搜索" }), "王子涵{enter}");
    await waitFor(() => expect(rowsOf("未添加学员")).toBe(1));
    await expect(pane("未添加学员").getByText("王子涵")).toBeVisible();
  },
};

/** 添加 moves a student across: both panes reload. */
export const AddOne: Story = {
  play: async () => {
    await waitFor(() => expect(rowsOf("未添加学员")).toBe(5));
    await userEvent.click(pane("未添加学员").getByRole("button", { name: "添加王子涵" }));
    await waitFor(() => expect(pane("已添加学员").getByText("王子涵")).toBeVisible());
    await waitFor(() => expect(pane("已添加学员").getByText("共 8 人")).toBeVisible());
  },
};

/** The lists could not be loaded: each pane says so and offers 重试. */
export const LoadError: Story = {
  parameters: {
    api: [course.extra.unaddedStudents, course.extra.students].map((endpoint) => [endpoint, failEnvelope(500, "查询失败")]) as MockRoutes,
  } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(pane("未添加学员").getByText("加载失败：查询失败")).toBeVisible());
    await waitFor(() => expect(pane("已添加学员").getByText("加载失败：查询失败")).toBeVisible());
  },
};
