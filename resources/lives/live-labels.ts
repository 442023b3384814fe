import { courseTypes } from "../courses/course";

/**
 * A live's declared enums (2 §4), each label written once: the lists, filters, rooms, detail pages
 * and the calendar feed read them here. Kept apart from live-api.ts so a room page takes these few
 * lines, not the catalogue of calls.
 */

/** LiveState (1 §4, 2 §4): 0 not started, 1 in progress, 2 ended. */
export const liveStateLabels: Readonly<Record<string, string>> = { "0": "未开始", "1": "直播中", "2": "已结束" };

/** What a live's type says where it differs from its course type's label (1 §9: "labelled differently in one place"). */
const liveTypeWording: Readonly<Record<number, string>> = { 8: "智慧融合课", 200: "录播" };

/** The add flow's code of the double-teacher type, listed as 5 (2 §4). */
const doubleTeacherAddCode = 3;

/** Live types (2 §4): a live's type is its course's (resources/courses/course.ts `courseTypes`). */
export const liveTypeLabels: Readonly<Record<string, string>> = (() => {
  const labels: Record<string, string> = Object.fromEntries(courseTypes.map((t) => [String(t.code), liveTypeWording[t.code] ?? t.label]));
  labels[String(doubleTeacherAddCode)] = labels["5"];
  return labels;
})();

/** The live and chat monitors' windows in seconds either side of now (2 §9, 3 §9), the default 4 hours. */
export const monitorWindows = [7200, 14400, 28800, 43200, 86400] as const;
export const defaultMonitorWindow = 14400;
export const monitorWindowLabels: Readonly<Record<string, string>> = Object.fromEntries(monitorWindows.map((ts) => [String(ts), `前后${ts / 3600}小时`]));

/** The class-type filter (2 §9: all -1, 0, 1, 5, 6), each type's label the live type's. */
export const monitorScales = [0, 1, 5, 6] as const;
export const allScales = -1;
export const monitorScaleLabels: Readonly<Record<string, string>> = Object.fromEntries(monitorScales.map((scale) => [String(scale), liveTypeLabels[String(scale)]]));
