import { fireEvent, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import course from "../../../resources/courses/course";
import { ResourceList } from "../../../src/engine/resource-list";
import { courseAnswers, type CourseAnswerOptions, type CourseRow } from "../../../stories/courses/course-answers";
import { mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { renderPage, tableRows } from "../../kernel/client/engine/support";

/** The stories' /courseop answers behind the real providers, plus `extra` routes; every call is kept. */
export function serveCourses(rows: CourseRow[], options: CourseAnswerOptions = {}, extra: MockRoutes = []) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter([...courseAnswers(rows, options), ...extra], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { calls, of: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

/** The generated course page at `entry` (query included), the course area's parts registered as the app registers them. */
export const openCourses = (entry = "/courseop") => renderPage("/courseop", <ResourceList decl={course} />, entry);

/** The course titles shown, top to bottom (the first cell is the expand button, the second the cover). */
export const titles = () => tableRows().map((cells) => cells[2]);

export const rowsShown = (count: number) => waitFor(() => expect(tableRows()).toHaveLength(count));

/** Opens an antd select by its element and picks the option with this text. */
export async function pick(select: Element, option: string) {
  fireEvent.mouseDown(select.querySelector(".ant-select-selector")!);
  const found = await waitFor(() => {
    const match = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
      (candidate) => candidate.textContent === option,
    );
    if (!match) throw new Error(`no option ${option}`);
    return match;
  });
  fireEvent.click(found);
}

/** The options an open antd select offers. */
export const openOptions = () =>
  [...document.querySelectorAll(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].map((option) => option.textContent);

/** A form item (label and control) by its label. */
export function formItem(label: string, root: ParentNode = document): HTMLElement {
  const item = [...root.querySelectorAll<HTMLElement>(".ant-form-item")].find((candidate) => candidate.querySelector("label")?.textContent === label);
  if (!item) throw new Error(`no field ${label}`);
  return item;
}

/** The text of the toasts shown now. */
export const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
