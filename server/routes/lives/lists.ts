import type { FastifyInstance, FastifyRequest } from "fastify";
import live from "../../../resources/live";
import { liveApi, liveCourseKeys, liveMessages } from "../../../resources/live-api";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { anyMenuGuard, resourceGuard } from "../../plugins/permissions";
import { allLives, masterLives, needCourse, subLives, type Page } from "../../services/lives/lists";
import { searchLives, type LiveSearch } from "../../services/lives/search";
import { findLive } from "../../services/lives/records";
import { voidLive } from "../../services/lives/void";
import { route } from "../../engine/route";

const tags = ["lives"];

/**
 * The live lists (2 §2, §7): /liveop's every live and search, /liveCourse's lives of a course (its
 * main classrooms for double-teacher courses), the sub-classes of a main classroom, one live, a
 * course's name, and voiding. Bespoke beside the resource engine: a LiveRecord is read from five
 * tables (the course, the main classroom, the staff with their people, the students), its search
 * runs on the title index of migration 0021 and on a teacher's staff rows, and voiding is one way.
 *
 * Guarded once, before validation: the organisation-wide list by liveop; every other call also
 * admits courseop, whose course page leads to a course's lives (resources/live.ts `alsoFor`).
 */
export default async function liveListRoutes(app: FastifyInstance, { db }: Ctx) {
  const everyLive = resourceGuard(live);
  const guard = anyMenuGuard(liveCourseKeys);
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const listed = ({ rows, total }: { rows: unknown[]; total: number }) => ok(rows, { count: total });

  route(app, liveApi.all, { query: "list.query", guard: everyLive, summary: "Every live of the organisation, newest start first", tags }, async (request) =>
    listed(await allLives(scopeOf(request), request.query as Page)),
  );

  const searchSummary =
    "Lives, newest start first; filters title (fragment), liveid, teacher (main teacher's identity id), status (-1 all), begintime/endtime (the start), couseid (sic: one course)";
  route(app, liveApi.search, { query: "live.search.query", guard, summary: searchSummary, tags }, async (request) =>
    listed(await searchLives(scopeOf(request), request.query as LiveSearch)),
  );

  const masterSummary = "Main classrooms of a course: no sub-class, live type 5 (every live of a course of type 18); key narrows by name";
  const masters = async (request: FastifyRequest) => listed(await masterLives(scopeOf(request), request.query as Page & { courseid: number; key?: string }));
  route(app, liveApi.master, { query: "live.masters.query", guard, summary: masterSummary, tags }, masters);
  route(app, liveApi.masterSearch, { query: "live.masters.query", guard, summary: masterSummary, tags }, masters);

  route(app, liveApi.sub, { query: "live.sub.query", guard, summary: "Sub-classes of main classroom masterid, newest start first", tags }, async (request) =>
    listed(await subLives(scopeOf(request), request.query as Page & { masterid: number; courseid?: number })),
  );

  route(app, liveApi.courseName, { query: "id.query", guard, summary: "Name and type of course id", tags }, async (request) => {
    const course = await needCourse(scopeOf(request), (request.query as { id: number }).id);
    return ok({ name: course.title, type: course.type }, { name: course.title, type: course.type });
  });

  route(app, liveApi.info, { query: "live.id.query", guard, summary: "One live (LiveRecord)", tags }, async (request) =>
    ok(await findLive(scopeOf(request), (request.query as { liveid: number }).liveid)),
  );

  route(app, liveApi.remove, { query: "id.query", guard, summary: "Voids a live (one way)", tags }, async (request) => {
    await voidLive(scopeOf(request), (request.query as { id: number }).id);
    return ok(null, { msg: liveMessages.voided });
  });
}
