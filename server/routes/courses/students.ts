import type { FastifyInstance, FastifyRequest } from "fastify";
import course from "../../../resources/course";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { orgScope } from "../../engine/org-scope";
import { resourceGuard } from "../../plugins/permissions";
import { addedStudents, addStudent, addStudentByMobile, removeStudent, unaddedStudents } from "../../services/course-students";
import { route } from "../../engine/route";

const tags = ["courses"];

interface PageQuery {
  page: number;
  count: number;
  key?: string;
}

/** The students of a course (1 §2.5 student management and batch import, §7), guarded once by courseop before validation. */
export default async function courseStudentRoutes(app: FastifyInstance, { db }: Ctx) {
  const guard = resourceGuard(course);
  const api = course.extra;

  const unadded = async (request: FastifyRequest) => {
    const { id, ...page } = request.query as PageQuery & { id: number };
    const { rows, total } = await unaddedStudents(orgScope(request, db), { courseId: id, ...page });
    return ok(rows, { count: total });
  };
  const unaddedSummary = "Students of the organisation not in course `id`; key narrows by a name fragment or 3+ digits of the mobile";
  route(app, api.unaddedStudents, { query: "course.unadded-students.query", guard, summary: unaddedSummary, tags }, unadded);
  route(app, api.unaddedStudentsSearch, { query: "course.unadded-students.query", guard, summary: unaddedSummary, tags }, unadded);

  const added = async (request: FastifyRequest) => {
    const { courseid, ...page } = request.query as PageQuery & { courseid: number };
    const { rows, total } = await addedStudents(orgScope(request, db), { courseId: courseid, ...page });
    return ok(rows, { count: total });
  };
  const addedSummary = "Students in course `courseid`, most recently added first; key as in the student search";
  route(app, api.students, { query: "course.students.query", guard, summary: addedSummary, tags }, added);
  route(app, api.studentsSearch, { query: "course.students.query", guard, summary: addedSummary, tags }, added);

  route(app, api.addStudent, { body: "course.student", guard, summary: "Adds a student (userid) to a course", tags }, async (request) => {
    const { userid, courseid } = request.body as { userid: number; courseid: number };
    await addStudent(orgScope(request, db), courseid, userid);
    return ok(null, { msg: "添加成功" });
  });

  route(app, api.removeStudent, { query: "course.student", guard, summary: "Removes a student (userid) from a course", tags }, async (request) => {
    const { userid, courseid } = request.query as { userid: number; courseid: number };
    await removeStudent(orgScope(request, db), courseid, userid);
    return ok(null, { msg: "删除成功" });
  });

  route(
    app,
    api.addStudentByMobile,
    { body: "course.student-mobile", guard, summary: "Adds the organisation's student with this mobile to a course (one xlsx import row)", tags },
    async (request) => {
      const { mobile, courseid } = request.body as { mobile: string; courseid: number };
      return ok(await addStudentByMobile(orgScope(request, db), courseid, mobile), { msg: "添加成功" });
    },
  );
}
