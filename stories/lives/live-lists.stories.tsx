import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import live, { liveCourseRoute } from "../../resources/lives/live";
import { Suspense } from "react";
import { enginePages } from "../../src/engine/pages";
import { EngineStage } from "../engine/engine-stage";
import { expectToast } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { liveAnswers, liveListFails, liveRow, liveRows, mainWithSubs } from "./live-answers";
import { verificationAnswers } from "./verification-answers";

/** A generated screen of a route (src/engine/pages.ts), as the app draws it. */
const generated = (route: string) => {
  const Page = enginePages[route];
  return () => (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
};
const LiveListPage = generated(live.route);
const LiveCoursePage = generated(liveCourseRoute);

/**
 * /liveop and /liveCourse (2 §2): the live declaration's list (resources/lives/live.ts) with the row
 * operations, over the real data provider and mocked HTTP.
 */
const meta = {
  title: "Lives/Live lists",
  render: () => (
    <EngineStage route={live.route}>
      <LiveListPage />
    </EngineStage>
  ),
  parameters: { initialEntries: [live.route], api: liveAnswers(liveRows(23)) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
const rowsShown = (root: HTMLElement) => waitFor(() => expect(rows(root).length).toBeGreaterThan(0), { timeout: 5000 });

/** 23 lives of four courses: tags (first 3), voided rows (已作废), the operations and 更多. */
export const AllLives: Story = {
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await expect(within(canvasElement).getByText("共 23 条")).toBeVisible();
    await expect(within(canvasElement).getAllByText("已作废").length).toBeGreaterThan(0);
  },
};

/** A row opened: its fields in the order of 2 §2, the encrypted room id when it has one. */
export const ExpandedRow: Story = {
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await userEvent.click(rows(canvasElement)[0].querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    await waitFor(() => expect(within(canvasElement).getByText("加密房间号")).toBeVisible());
  },
};

/** Opened with filters in the address: status, main teacher and a range of starts. */
export const Filtered: Story = {
  parameters: { initialEntries: [`${live.route}?status=2&teacher=501&begintime=2026-11-01%2000:00:00&endtime=2026-11-30%2023:59:59`] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => rowsShown(canvasElement),
};

/** The organisation has no live yet. */
export const Empty: Story = {
  parameters: { api: liveAnswers([]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("还没有直播")).toBeVisible());
  },
};

/** The list cannot be had: the failure, with 重试. */
export const Failed: Story = {
  parameters: { api: [...liveAnswers([]), ...liveListFails] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("列表加载失败")).toBeVisible());
  },
};

/** 作废 asks first, then the row reads 已作废. */
export const Voiding: Story = {
  parameters: { api: liveAnswers([liveRow(1), liveRow(2)]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await userEvent.click(within(rows(canvasElement)[0]).getByRole("button", { name: /作\s?废/ }));
    await waitFor(() => expect(within(document.body).getByText("确定要作废该直播吗？")).toBeVisible());
    await userEvent.click(within(document.body.querySelector<HTMLElement>(".ant-modal-confirm")!).getByRole("button", { name: /确\s?定/ }));
    await expectToast("作废成功");
  },
};

/** 更多 → 验证方式 opens 设置验证方式 for the row's live; a live with no settings gets the default saved. */
export const Verification: Story = {
  parameters: { api: [...liveAnswers([liveRow(1), liveRow(2)]), ...verificationAnswers()] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await userEvent.click(within(rows(canvasElement)[0]).getByRole("button", { name: /更多操作/ }));
    await userEvent.click(await within(document.body).findByRole("menuitem", { name: "验证方式" }));
    await waitFor(() => expect(within(document.body).getByRole("radio", { name: "无密码" })).toBeChecked(), { timeout: 8000 });
    await expect(within(document.body).getByText("设置验证方式")).toBeVisible();
  },
};

const courseStage = () => (
  <EngineStage route={liveCourseRoute}>
    <LiveCoursePage />
  </EngineStage>
);

/** /liveCourse of a large class: the course's lives under its name, with 创建直播 and 返回. */
export const CourseLives: Story = {
  render: courseStage,
  parameters: { initialEntries: [`${liveCourseRoute}?courseId=11&courseName=${encodeURIComponent("高一数学提高班")}`] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await expect(within(canvasElement).getByText("高一数学提高班", { selector: ".ant-card-head-title" })).toBeVisible();
  },
};

/** A double-teacher course unfiltered lists its main classrooms; one opened shows its sub-classes. */
export const DoubleTeacherCourse: Story = {
  render: courseStage,
  parameters: { initialEntries: [`${liveCourseRoute}?courseId=13`], api: liveAnswers(mainWithSubs()) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await userEvent.click(rows(canvasElement)[0].querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    await waitFor(() => expect(within(canvasElement).getByText("一班")).toBeVisible());
  },
};

/** A course without lives. */
export const CourseWithoutLives: Story = {
  render: courseStage,
  parameters: { initialEntries: [`${liveCourseRoute}?courseId=12`], api: liveAnswers([]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("还没有直播")).toBeVisible());
  },
};

/** The course cannot be found (another organisation's, or gone). */
export const CourseMissing: Story = {
  render: courseStage,
  parameters: { initialEntries: [`${liveCourseRoute}?courseId=99`], api: liveAnswers([]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText("课程加载失败")).toBeVisible());
  },
};
