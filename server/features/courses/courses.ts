import type { FastifyRequest } from "fastify";
import { courseCalls } from "../../../resources/courses/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { narrowToRecorded } from "../../services/recorded-scope";
import { vodKeys } from "../../../resources/vod/vod-course";
import course from "../../../resources/courses/course";
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
    return narrowToRecorded(db, [course.menu.key], {
      list,
      search: list,
      offeredTypes: async (request) => ok(offeredTypesFor(needIdentity(request, "admin").identity).map((t) => t.code)),
      create: async (request) => {
        const { identity } = needIdentity(request, "admin");
        const added = await addCourse(orgScope(request, db), identity, request.body as CourseInput, menuKeysOf(identity).has(vodKeys[0]));
        return ok(added, { msg: "添加成功" });
      },
      update: async (request) => ok(await changeCourse(orgScope(request, db), request.body as CourseChange), { msg: "修改成功" }),
      remove: async (request) => {
        await removeCourse(orgScope(request, db), (request.query as { id: number }).id);
        return ok(null, { msg: "删除成功" });
      },
    }, { list: { narrow: "type" }, search: { narrow: "type" }, create: { bodyType: "type" }, update: { course: "id" }, remove: { course: "id" } });
  },
});
