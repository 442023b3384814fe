import type { FastifyRequest } from "fastify";
import type { liveStudentCalls } from "../../../resources/lives/calls";
import student from "../../../resources/users/student";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { pickerHandlers, type PickerPaneQuery } from "../../engine/picker-handlers";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { addLiveStudent, addLiveStudentByMobile, liveStudents, removeLiveStudent, unaddedLiveStudents } from "../../services/lives/students";
import { menuKeysOf } from "../../services/menu";

/** The students of a live (2 §2 添加学员 and 批量导入, §7). */
export function studentHandlers({ db, config }: FeatureCtx): Record<keyof typeof liveStudentCalls, Handler> {
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  // The panes name the live `liveid` (or `id`, as a course's unadded pane does).
  const pickerOf = ({ liveid, id, ...page }: PickerPaneQuery) => ({ liveId: Number(liveid ?? id), ...page });
  return {
    ...pickerHandlers(db, {
      ownerParam: "liveid",
      unadded: (scope, query) => unaddedLiveStudents(scope, pickerOf(query)),
      added: (scope, query) => liveStudents(scope, pickerOf(query)),
      add: addLiveStudent,
      remove: removeLiveStudent,
    }),
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
