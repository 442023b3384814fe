import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import course from "../../resources/courses/course";
import { ResourceList } from "../../src/engine/resource-list";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope, type MockRoutes } from "../mock-api";
import { buttonName, expectToast } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { courseAnswers, courseListFails, courseRows, hasLivesMessage } from "./course-answers";

/**
 * /courseop (1 §2.5): the course list drawn from resources/courses/course.ts (filters, columns, expandable
 * rows) with the course's own row actions, over the real data provider and mocked HTTP.
 */
const meta = {
  title: "Courses/Course list",
  render: () => (
    <EngineStage route={course.route}>
      <ResourceList decl={course} />
    </EngineStage>
  ),
  parameters: { initialEntries: [course.route], api: courseAnswers(courseRows(23)) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
const rowsShown = (root: HTMLElement) => waitFor(() => expect(rows(root).length).toBeGreaterThan(0), { timeout: 5000 });

/** 23 courses of every type, 10 a page: covers, both states, five actions a row. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await expect(within(canvasElement).getByText("共 23 条")).toBeVisible();
  },
};

/** The first row opened: its id, first lesson (暂无直播 when before 2018 or none), expiry, dates and description. */
export const ExpandedRow: Story = {
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    for (const row of rows(canvasElement).slice(0, 2)) await userEvent.click(row.querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    await waitFor(() => expect(within(canvasElement).getByText("暂无直播")).toBeVisible());
  },
};

/** Opened from a link with filters: the fields show them and the search call carries them. */
export const Filtered: Story = {
  parameters: { initialEntries: [`${course.route}?title=${encodeURIComponent("数学")}&status=1&begintime=2026-11-01&endtime=2026-11-30`] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await expect(within(canvasElement).getByDisplayValue("数学")).toBeVisible();
  },
};

/** No course matches the filters. */
export const NoMatch: Story = {
  parameters: { initialEntries: [`${course.route}?title=${encodeURIComponent("无此课程")}`] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".ant-empty-description")?.textContent).toBe("没有符合条件的课程"), { timeout: 5000 });
  },
};

/** An organisation without courses. */
export const Empty: Story = {
  parameters: { api: courseAnswers([]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".ant-empty-description")?.textContent).toBe("还没有课程"), { timeout: 5000 });
  },
};

/** The list call fails: the message and 重试. */
export const LoadError: Story = {
  parameters: { api: courseListFails } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain("列表加载失败"), { timeout: 5000 });
  },
};

const refusingDelete: MockRoutes = [...courseAnswers(courseRows(5)), [course.api.remove, failEnvelope(1, hasLivesMessage)]];

/** 删除 asks 提示 naming the course; the server refuses (the course has lives) and its msg shows (1 §8). */
export const DeleteRefused: Story = {
  parameters: { api: refusingDelete } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowsShown(canvasElement);
    await userEvent.click(within(rows(canvasElement)[0]).getByRole("button", { name: buttonName("删除") }));
    const confirm = await waitFor(() => within(document.body.querySelector<HTMLElement>(".ant-modal-confirm")!));
    await waitFor(() => expect(confirm.getByText(/确定删除课程「.+」吗？/)).toBeVisible());
    await userEvent.click(confirm.getByRole("button", { name: buttonName("确定") }));
    await expectToast(hasLivesMessage);
  },
};
