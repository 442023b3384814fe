import type { FastifyRequest } from "fastify";
import { student, teacher } from "../../../resources";
import { userStatCalls } from "../../../resources/users/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { needAnyMenu } from "../../plugins/permissions";
import { checkCounts, courseCounts, findStudent, findTeacher, liveCounts, liveRows, userInfo, type LiveFilter, type Subject } from "../../services/user-stats";

/**
 * GET /userstat/* (1 §7 "Detail stats"): the teacher and student detail pages. Each page takes only
 * a subject of its own role: `userid` names a teacher, `mobile` a student; anyone else is 记录不存在.
 */
export default defineFeature({
  group: userStatCalls,
  handlers: ({ db }) => {
    const scopeOf = (request: FastifyRequest) => orgScope(request, db);
    const theTeacher = (request: FastifyRequest) => findTeacher(scopeOf(request), (request.query as { userid: number }).userid);
    const theStudent = (request: FastifyRequest) => findStudent(scopeOf(request), (request.query as { mobile: string }).mobile);
    const page = async (request: FastifyRequest, subject: Subject) => {
      const { rows, total } = await liveRows(subject, request.query as LiveFilter);
      return ok(rows, { totalCount: total, count: total });
    };
    return {
      userInfo: async (request) => {
        const { userid, mobile } = request.query as { userid?: number; mobile?: string };
        if (userid === undefined && !mobile) throw fail.bad("请指定用户", "userid");
        const scope = scopeOf(request);
        return ok(await userInfo(userid !== undefined ? await findTeacher(scope, userid) : await findStudent(scope, mobile!)));
      },
      teacherCourseLive: async (request) => {
        const subject = await theTeacher(request);
        const [courses, lives, checks] = await Promise.all([courseCounts(subject), liveCounts(subject), checkCounts(subject)]);
        return ok({ ...courses, ...lives, ...checks });
      },
      teacherLives: async (request) => page(request, await theTeacher(request)),
      teacherLivesSearch: async (request) => page(request, await theTeacher(request)),
      studentLives: async (request) => page(request, await theStudent(request)),
      studentLivesSearch: async (request) => page(request, await theStudent(request)),
      studentLive: async (request) => ok(await liveCounts(await theStudent(request))),
      studentCheck: async (request) => ok(await checkCounts(await theStudent(request))),
      studentCourse: async (request) => ok(await courseCounts(await theStudent(request))),
    };
  },
  credentials: () => ({
    // Before validation, on the raw query: a `userid` names a teacher whatever else is sent, a
    // `mobile` a student; naming neither, either menu hears 请指定用户.
    "userstat.subject": (request) => {
      const { userid, mobile } = request.query as { userid?: unknown; mobile?: unknown };
      const of = userid !== undefined ? [teacher] : mobile !== undefined ? [student] : [teacher, student];
      return needAnyMenu(request, of.map((r) => r.menu.key));
    },
  }),
});
