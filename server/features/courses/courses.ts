import type { FastifyRequest } from "fastify";
import { courseCalls } from "../../../resources/courses/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
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

/** Courses (1 §7): every query through the session's organisation scope, every write with its audit row (services/courses.ts). */
export default defineFeature({
  group: courseCalls,
  handlers: ({ db }) => {
    const list = async (request: FastifyRequest) => {
      const { rows, total } = await listCourses(orgScope(request, db), request.query as CourseFilter);
      return ok(rows, { count: total });
    };
    return {
      list,
      search: list,
      offeredTypes: async (request) => ok(offeredTypesFor(needIdentity(request, "admin").identity).map((t) => t.code)),
      create: async (request) =>
        ok(await addCourse(orgScope(request, db), needIdentity(request, "admin").identity, request.body as CourseInput), { msg: "添加成功" }),
      update: async (request) => ok(await changeCourse(orgScope(request, db), request.body as CourseChange), { msg: "修改成功" }),
      remove: async (request) => {
        await removeCourse(orgScope(request, db), (request.query as { id: number }).id);
        return ok(null, { msg: "删除成功" });
      },
    };
  },
});
