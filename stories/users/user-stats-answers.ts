/** The /userstat answers the detail-page stories are built from, as mock routes (stories/mock-api.ts). */
import student from "../../resources/users/student";
import { userStatApi } from "../../resources/users/user-stats";
import { failEnvelope, okEnvelope, type MockHandler, type MockRoutes } from "../mock-api";
import { studentInfo, studentStats, teacherInfo, teacherStats, termOf, type LiveRow } from "./user-stats-fixtures";

/** Pages and filters `lives` as the server does: title fragment, status, start between two times. */
export function livesAnswer(lives: LiveRow[]): MockHandler {
  return ({ query }) => {
    const page = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    const title = String(query.title ?? "");
    const status = query.status === undefined ? -1 : Number(query.status);
    const from = String(query.begintime ?? "");
    const to = String(query.endtime ?? "");
    const hits = lives.filter(
      (live) =>
        live.title.includes(title) &&
        (status < 0 || live.status === status) &&
        (!from || live.begintime >= from) &&
        (!to || live.begintime <= to),
    );
    return okEnvelope(hits.slice((page - 1) * count, page * count), { totalCount: hits.length, count: hits.length });
  };
}

const failed = failEnvelope(1, "查询失败");

/** A teacher with a term of lives; `null` parts fail. */
export const teacherAnswers = ({ info = teacherInfo as object | null, stats = teacherStats as object | null, lives = termOf(teacherStats) as LiveRow[] | null } = {}): MockRoutes => [
  [userStatApi.userInfo, info ? okEnvelope(info) : failed],
  [userStatApi.teacherCourseLive, stats ? okEnvelope(stats) : failed],
  [userStatApi.teacherLives, lives ? livesAnswer(lives) : failEnvelope(500, "查询失败")],
  [userStatApi.teacherLivesSearch, lives ? livesAnswer(lives) : failEnvelope(500, "查询失败")],
];

/** A student with a term of lives; `null` parts fail. */
export const studentAnswers = ({ info = studentInfo as object | null, stats = studentStats as typeof studentStats | null, lives = termOf(studentStats.live) as LiveRow[] | null } = {}): MockRoutes => [
  [userStatApi.userInfo, info ? okEnvelope(info) : failed],
  [userStatApi.studentCourse, stats ? okEnvelope(stats.course) : failed],
  [userStatApi.studentLive, stats ? okEnvelope(stats.live) : failed],
  [userStatApi.studentCheck, stats ? okEnvelope(stats.check) : failed],
  [userStatApi.studentLives, lives ? livesAnswer(lives) : failEnvelope(500, "查询失败")],
  [userStatApi.studentLivesSearch, lives ? livesAnswer(lives) : failEnvelope(500, "查询失败")],
];

/** What the server answers every detail call naming no one of the page's role (another role, another organisation). */
export const unknownPersonAnswers: MockRoutes = Object.values(userStatApi).map((endpoint) => [endpoint, failEnvelope(404, "记录不存在")]);

/** Creating students: these mobiles are refused with the server's message, the rest are created. */
export const studentCreateAnswers = (refusedMobiles: Record<string, string> = {}): MockRoutes => [
  [
    student.api.create!,
    ({ body }) => {
      const msg = refusedMobiles[String(body.mobile)];
      return msg ? failEnvelope(1, msg) : okEnvelope({ id: 1000 });
    },
  ],
];
