import type { FastifyInstance, FastifyRequest } from "fastify";
import course from "../../../resources/course";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { orgScope } from "../../engine/org-scope";
import { resourceGuard } from "../../plugins/permissions";
import { needIdentity } from "../../plugins/session";
import {
  addCourse,
  changeCourse,
  listCourses,
  offeredTypesFor,
  removeCourse,
  type CourseChange,
  type CourseFilter,
  type CourseInput,
} from "../../services/courses";
import { route } from "../../engine/route";

const tags = ["courses"];

/**
 * /cms/course and /cms/coursesearch (1 §7 "Courses"), guarded once, before validation, by the
 * courseop menu key; every query goes through the session's organisation scope, and every write
 * records its audit row in its own transaction (services/courses.ts).
 *
 * Courses stay beside the resource engine: their list answers what the table does not hold
 * (Status from the expiry at the time of asking, FirstLiveTime from the lives) and filters on it
 * (a live of the course starting in a date range, the effective status), which the engine's
 * column filters cannot state; creation depends on the admin's extended permissions (the course
 * types it is offered, 1 §6) and the type's maximum users, and removal on the course's lives and a
 * foreign key that may refuse it mid-race. A partial move (writes on the engine, the list here)
 * would split one resource's calls over two registrars for no gain a caller would see.
 */
export default async function courseRoutes(app: FastifyInstance, { db }: Ctx) {
  const guard = resourceGuard(course);

  const list = async (request: FastifyRequest) => {
    const { rows, total } = await listCourses(orgScope(request, db), request.query as CourseFilter);
    return ok(rows, { count: total });
  };
  const listSummary =
    "Courses: one page, newest change first; filters title (fragment), type, status (1 valid and not expired, 0 otherwise), begintime/endtime (a live of the course starts in the range)";
  route(app, course.api.list, { query: "course.search", guard, summary: listSummary, tags }, list);
  route(app, course.api.search, { query: "course.search", guard, summary: listSummary, tags }, list);

  // The create form offers what `addCourse` accepts: the client is told, not left to work it out
  // from the extended tree (the main admin's tree says nothing of the types without a key).
  route(app, course.extra.offeredTypes, { guard, summary: "Course type codes the admin may create (extended permissions, 1 §6)", tags }, async (request) => {
    return ok(offeredTypesFor(needIdentity(request, "admin").identity).map((t) => t.code));
  });

  route(app, course.api.create, { body: course.forms.create, guard, summary: "Courses: add (type limited by the admin's extended permissions)", tags }, async (request) => {
    return ok(await addCourse(orgScope(request, db), needIdentity(request, "admin").identity, request.body as CourseInput), { msg: "添加成功" });
  });

  route(app, course.api.update, { body: course.forms.edit, guard, summary: "Courses: change (the type stays)", tags }, async (request) => {
    return ok(await changeCourse(orgScope(request, db), request.body as CourseChange), { msg: "修改成功" });
  });

  route(app, course.api.remove, { query: "id.query", guard, summary: "Courses: remove one that has no lives, with its enrolments", tags }, async (request) => {
    await removeCourse(orgScope(request, db), (request.query as { id: number }).id);
    return ok(null, { msg: "删除成功" });
  });
}
