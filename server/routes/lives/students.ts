import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveApi, liveCourseKeys } from "../../../resources/live-api";
import student from "../../../resources/student";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { anyMenuGuard } from "../../plugins/permissions";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { addLiveStudent, addLiveStudentByMobile, liveStudents, removeLiveStudent, unaddedLiveStudents } from "../../services/lives/students";
import { route } from "../../engine/route";

const tags = ["lives"];

interface PickerQuery {
  liveid?: number;
  id?: number;
  page: number;
  count: number;
  key?: string;
}

/** The students of a live (2 §2 添加学员 and 批量导入, §7), guarded once, before validation, by liveop or courseop. */
export default async function liveStudentRoutes(app: FastifyInstance, { db, config }: Ctx) {
  const guard = anyMenuGuard(liveCourseKeys);
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const pickerOf = (request: FastifyRequest) => {
    const { liveid, id, ...page } = request.query as PickerQuery;
    return { liveId: (liveid ?? id)!, ...page };
  };

  const unaddedSummary = "Students of the organisation not in live liveid (or id); key narrows by a name fragment or 3+ digits of the mobile";
  const unadded = async (request: FastifyRequest) => {
    const { rows, total } = await unaddedLiveStudents(scopeOf(request), pickerOf(request));
    return ok(rows, { count: total });
  };
  route(app, liveApi.unaddedStudents, { query: "live.students.query", guard, summary: unaddedSummary, tags }, unadded);
  route(app, liveApi.unaddedStudentsSearch, { query: "live.students.query", guard, summary: unaddedSummary, tags }, unadded);

  const addedSummary = "Students of live liveid, most recently added first; key as in the student search";
  const added = async (request: FastifyRequest) => {
    const { rows, total } = await liveStudents(scopeOf(request), pickerOf(request));
    return ok(rows, { count: total });
  };
  route(app, liveApi.students, { query: "live.students.query", guard, summary: addedSummary, tags }, added);
  route(app, liveApi.studentsSearch, { query: "live.students.query", guard, summary: addedSummary, tags }, added);

  route(app, liveApi.addStudent, { body: "live.student", guard, summary: "Adds a student (userid) to a live and, if not yet, to its course", tags }, async (request) => {
    const { userid, liveid } = request.body as { userid: number; liveid: number };
    await addLiveStudent(scopeOf(request), liveid, userid);
    return ok(null, { msg: "添加成功" });
  });

  route(app, liveApi.removeStudent, { query: "live.student", guard, summary: "Takes a student (userid) out of a live", tags }, async (request) => {
    const { userid, liveid } = request.query as { userid: number; liveid: number };
    await removeLiveStudent(scopeOf(request), liveid, userid);
    return ok(null, { msg: "删除成功" });
  });

  route(
    app,
    liveApi.addStudentByMobile,
    { body: "live.student-mobile", guard, summary: "One xlsx import row: the organisation's student with this mobile (made if absent and the caller may add students) into the live and its course; data.Created says whether the row made the student", tags },
    async (request) => {
      const { liveid, courseid, mobile, name } = request.body as { liveid: number; courseid: number; mobile: string; name?: string };
      const { identity } = needIdentity(request, "admin");
      const mayAddStudents = identity.role === "admin" || menuKeysOf(identity).has(student.menu.key);
      const row = await addLiveStudentByMobile(scopeOf(request), { liveId: liveid, courseId: courseid, mobile, name }, { mayAddStudents, passwordMemoryKiB: config.passwordMemoryKiB });
      return ok(row, { msg: "添加成功" });
    },
  );
}
