import type { FastifyRequest } from "fastify";
import { courseStudentCalls } from "../../../resources/courses/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { addedStudents, addStudent, addStudentByMobile, removeStudent, unaddedStudents } from "../../services/course-students";

interface PageQuery {
  page: number;
  count: number;
  key?: string;
}

/** The students of a course (1 §2.5 student management and batch import, §7), through the session's organisation scope. */
export default defineFeature({
  group: courseStudentCalls,
  handlers: ({ db }) => {
    const unadded = async (request: FastifyRequest) => {
      const { id, ...page } = request.query as PageQuery & { id: number };
      const { rows, total } = await unaddedStudents(orgScope(request, db), { courseId: id, ...page });
      return ok(rows, { count: total });
    };
    const added = async (request: FastifyRequest) => {
      const { courseid, ...page } = request.query as PageQuery & { courseid: number };
      const { rows, total } = await addedStudents(orgScope(request, db), { courseId: courseid, ...page });
      return ok(rows, { count: total });
    };
    return {
      unaddedStudents: unadded,
      unaddedStudentsSearch: unadded,
      students: added,
      studentsSearch: added,
      addStudent: async (request) => {
        const { userid, courseid } = request.body as { userid: number; courseid: number };
        await addStudent(orgScope(request, db), courseid, userid);
        return ok(null, { msg: "添加成功" });
      },
      removeStudent: async (request) => {
        const { userid, courseid } = request.query as { userid: number; courseid: number };
        await removeStudent(orgScope(request, db), courseid, userid);
        return ok(null, { msg: "删除成功" });
      },
      addStudentByMobile: async (request) => {
        const { mobile, courseid } = request.body as { mobile: string; courseid: number };
        return ok(await addStudentByMobile(orgScope(request, db), courseid, mobile), { msg: "添加成功" });
      },
    };
  },
});
