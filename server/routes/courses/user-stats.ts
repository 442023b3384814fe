import type { FastifyInstance, FastifyRequest } from "fastify";
import { student, teacher } from "../../../resources";
import { userStatApi } from "../../../resources/user-stats";
import type { Ctx } from "../../context";
import { fail, ok } from "../../plugins/envelope";
import { orgScope } from "../../engine/org-scope";
import { needResource } from "../../plugins/permissions";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { checkCounts, courseCounts, findStudent, findTeacher, liveCounts, liveRows, userInfo, type LiveFilter, type Subject } from "../../services/user-stats";
import { route } from "../../engine/route";

const tags = ["user stats"];
const resourceOf = { teacher, student } as const;

/**
 * Before validation: an admin holding at least one of the menus whose people these calls
 * describe. Once the person is found, the menu of that person's role is required.
 */
const anyOf = (...keys: string[]) => (request: FastifyRequest) => {
  const auth = needIdentity(request, "admin");
  if (auth.identity.role !== "admin" && !keys.some((k) => menuKeysOf(auth.identity).has(k))) throw fail.forbidden();
  return auth;
};

const mayView = (request: FastifyRequest, subject: Subject) => needResource(request, resourceOf[subject.role]);

/**
 * GET /userstat/* (1 §7 "Detail stats"): the teacher and student detail pages. Each page takes only
 * a subject of its own role: `userid` names a teacher, `mobile` a student; anyone else is 记录不存在.
 */
export default async function userStatRoutes(app: FastifyInstance, { db }: Ctx) {
  const teacherGuard = anyOf(teacher.menu.key);
  const studentGuard = anyOf(student.menu.key);
  const anyGuard = anyOf(teacher.menu.key, student.menu.key);
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);

  const theTeacher = async (request: FastifyRequest) => {
    const subject = await findTeacher(scopeOf(request), (request.query as { userid: number }).userid);
    mayView(request, subject);
    return subject;
  };
  const theStudent = async (request: FastifyRequest) => {
    const subject = await findStudent(scopeOf(request), (request.query as { mobile: string }).mobile);
    mayView(request, subject);
    return subject;
  };
  const page = async (request: FastifyRequest, subject: Subject) => {
    const { rows, total } = await liveRows(subject, request.query as LiveFilter);
    return ok(rows, { totalCount: total, count: total });
  };

  route(app, userStatApi.userInfo, { query: "userstat.user.query", guard: anyGuard, summary: "nickname, headimg, mobile of a teacher (userid) or a student (mobile)", tags }, async (request) => {
    const { userid, mobile } = request.query as { userid?: number; mobile?: string };
    if (userid === undefined && !mobile) throw fail.bad("请指定用户", "userid");
    const scope = scopeOf(request);
    const subject = userid !== undefined ? await findTeacher(scope, userid) : await findStudent(scope, mobile!);
    mayView(request, subject);
    return ok(await userInfo(subject));
  });

  route(app, userStatApi.teacherCourseLive, { query: "userstat.teacher.query", guard: teacherGuard, summary: "A teacher's courses and lives done/total, and its done lives by check state", tags }, async (request) => {
    const subject = await theTeacher(request);
    const [courses, lives, checks] = await Promise.all([courseCounts(subject), liveCounts(subject), checkCounts(subject)]);
    return ok({ ...courses, ...lives, ...checks });
  });

  const teacherLivesSummary = "A teacher's lives, newest first, one row each; totalCount";
  route(app, userStatApi.teacherLives, { query: "userstat.teacher-lives.query", guard: teacherGuard, summary: teacherLivesSummary, tags }, async (request) =>
    page(request, await theTeacher(request)),
  );
  route(app, userStatApi.teacherLivesSearch, { query: "userstat.teacher-lives.query", guard: teacherGuard, summary: `${teacherLivesSummary}; filters title, status, begintime, endtime`, tags }, async (request) =>
    page(request, await theTeacher(request)),
  );

  const studentLivesSummary = "A student's lives, newest first, one row each (live, or replay when only that); totalCount";
  route(app, userStatApi.studentLives, { query: "userstat.student-lives.query", guard: studentGuard, summary: studentLivesSummary, tags }, async (request) =>
    page(request, await theStudent(request)),
  );
  route(app, userStatApi.studentLivesSearch, { query: "userstat.student-lives.query", guard: studentGuard, summary: `${studentLivesSummary}; filters title, status, begintime, endtime`, tags }, async (request) =>
    page(request, await theStudent(request)),
  );

  route(app, userStatApi.studentLive, { query: "userstat.student.query", guard: studentGuard, summary: "A student's lives done/total", tags }, async (request) =>
    ok(await liveCounts(await theStudent(request))),
  );
  route(app, userStatApi.studentCheck, { query: "userstat.student.query", guard: studentGuard, summary: "A student's done lives by check state", tags }, async (request) =>
    ok(await checkCounts(await theStudent(request))),
  );
  route(app, userStatApi.studentCourse, { query: "userstat.student.query", guard: studentGuard, summary: "A student's courses done/total", tags }, async (request) =>
    ok(await courseCounts(await theStudent(request))),
  );
}
