/** The portal's calls answered from portal-fixtures.ts, as mock routes (stories/mock-api.ts). */
import { portalApi } from "../../resources/portal/portal";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { classesEnded, classesGoing, courseRooms, dayRooms, firstMessages, groupAnswer, markedDays, olderMessages } from "./portal-fixtures";

/** Every portal call with data. */
export const portalWithData: MockRoutes = [
  [portalApi.liveDates, ({ query }) => okEnvelope({ livedate: markedDays(String(query.start).slice(0, 7)) })],
  [portalApi.lives, okEnvelope(dayRooms, { count: dayRooms.length })],
  [portalApi.classes, ({ query }) => okEnvelope({ classes: String(query.time_out) === "1" ? classesEnded : classesGoing })],
  [portalApi.classRooms, okEnvelope(courseRooms, { count: courseRooms.length })],
  [portalApi.groupMessages, ({ query }) => okEnvelope(query.groupid === undefined ? groupAnswer : query.ts === undefined ? firstMessages : olderMessages)],
  [portalApi.feedStatus, okEnvelope({ active: false, createTime: "" })],
  [portalApi.feedCreate, okEnvelope({ path: "/api/v1/calendar/Xy3kQ9-example-secret-shown-once-only-abcd.ics", createTime: "2026-05-12 10:00:00" })],
  [portalApi.feedRevoke, okEnvelope()],
  [portalApi.password, okEnvelope(null, { msg: "修改成功" })],
  [portalApi.mobileCode, okEnvelope(null, { msg: "获取成功" })],
  [portalApi.mobile, okEnvelope(null, { msg: "修改成功" })],
  [portalApi.nickname, ({ body }) => okEnvelope({ nickname: body.nickname })],
];

/** Nothing to show: no lives, no courses, no messages. */
export const portalEmpty: MockRoutes = [
  ...portalWithData,
  [portalApi.liveDates, okEnvelope({ livedate: [] })],
  [portalApi.lives, okEnvelope([], { count: 0 })],
  [portalApi.classes, okEnvelope({ classes: [] })],
  [portalApi.groupMessages, okEnvelope({ groups: [], messages: [], next: null })],
];

/** The live-class server is down. */
const down = failEnvelope(500, "服务器内部错误");
export const portalFailing: MockRoutes = [
  ...portalWithData,
  [portalApi.liveDates, down],
  [portalApi.lives, down],
  [portalApi.classes, down],
  [portalApi.groupMessages, down],
  [portalApi.feedStatus, down],
];
