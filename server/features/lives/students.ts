import type { FastifyRequest } from "fastify";
import type { liveStudentCalls } from "../../../resources/lives/calls";
import student from "../../../resources/users/student";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { addLiveStudent, addLiveStudentByMobile, liveStudents, removeLiveStudent, unaddedLiveStudents } from "../../services/lives/students";
import { menuKeysOf } from "../../services/menu";

interface PickerQuery {
  liveid?: number;
  id?: number;
  page: number;
  count: number;
  key?: string;
}

/** The students of a live (2 §2 添加学员 and 批量导入, §7). */
export function studentHandlers({ db, config }: FeatureCtx): Record<keyof typeof liveStudentCalls, Handler> {
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const pickerOf = (request: FastifyRequest) => {
    const { liveid, id, ...page } = request.query as PickerQuery;
    return { liveId: (liveid ?? id)!, ...page };
  };
  const unadded = async (request: FastifyRequest) => {
    const { rows, total } = await unaddedLiveStudents(scopeOf(request), pickerOf(request));
    return ok(rows, { count: total });
  };
  const added = async (request: FastifyRequest) => {
    const { rows, total } = await liveStudents(scopeOf(request), pickerOf(request));
    return ok(rows, { count: total });
  };
  return {
    unaddedStudents: unadded,
    unaddedStudentsSearch: unadded,
    students: added,
    studentsSearch: added,
    addStudent: async (request) => {
      const { userid, liveid } = request.body as { userid: number; liveid: number };
      await addLiveStudent(scopeOf(request), liveid, userid);
      return ok(null, { msg: "添加成功" });
    },
    removeStudent: async (request) => {
      const { userid, liveid } = request.query as { userid: number; liveid: number };
      await removeLiveStudent(scopeOf(request), liveid, userid);
      return ok(null, { msg: "删除成功" });
    },
    addStudentByMobile: async (request) => {
      const { liveid, courseid, mobile, name } = request.body as { liveid: number; courseid: number; mobile: string; name?: string };
      // Not a refusal: whether the row may make a student the organisation lacks (2 §2 批量导入).
      const { identity } = needIdentity(request, "admin");
      const mayAddStudents = identity.role === "admin" || menuKeysOf(identity).has(student.menu.key);
      const row = await addLiveStudentByMobile(scopeOf(request), { liveId: liveid, courseId: courseid, mobile, name }, { mayAddStudents, passwordMemoryKiB: config.passwordMemoryKiB });
      return ok(row, { msg: "添加成功" });
    },
  };
}
