import type { FastifyInstance } from "fastify";
import { portalApi, portalMessages } from "../../../resources/portal";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { classesOf, liveDays, roomsOf, seesCourse } from "../../services/portal-rooms";
import { route } from "../../engine/route";
import { portalGuard, rangeOf, viewerOf } from "./viewer";

const tags = ["portal"];

/**
 * The portal's lives and courses (2 §7 "Portal"): bespoke, since what a person sees is decided by
 * who they are (staff of a live, or its student), not by a table an admin edits.
 */
export default async function portalLiveRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, portalApi.lives, { query: "portal.range.query", guard: portalGuard, summary: "The person's rooms beginning in a range, with status and countdown", tags }, async (request) => {
    const query = request.query as { usertype: number; start: string; end: string };
    const viewer = viewerOf(request, query.usertype);
    const rooms = await roomsOf(orgScope(request, db), viewer, rangeOf(query), Date.now());
    return ok(rooms, { count: rooms.length });
  });

  route(app, portalApi.liveDates, { query: "portal.range.query", guard: portalGuard, summary: "The days in a range holding one of the person's lives", tags }, async (request) => {
    const query = request.query as { usertype: number; start: string; end: string };
    const viewer = viewerOf(request, query.usertype);
    const { from, to } = rangeOf(query);
    return ok({ livedate: await liveDays(orgScope(request, db), viewer, from, to) });
  });

  route(app, portalApi.classes, { query: "portal.classes.query", guard: portalGuard, summary: "The person's courses in progress (time_out 0) or ended (1)", tags }, async (request) => {
    const query = request.query as { time_out: 0 | 1; user_type: number };
    const viewer = viewerOf(request, query.user_type);
    const classes = await classesOf(orgScope(request, db), viewer, query.time_out === 1, Date.now());
    return ok({ classes }, { count: classes.length });
  });

  route(app, portalApi.classRooms, { query: "portal.class-rooms.query", guard: portalGuard, summary: "The rooms of one of the person's courses", tags }, async (request) => {
    const query = request.query as { group_id: number; class: number; user_type: number };
    const viewer = viewerOf(request, query.user_type);
    const scope = orgScope(request, db);
    if (query.group_id !== scope.orgId) throw fail.forbidden();
    if (!(await seesCourse(scope, viewer, query.class))) throw new ApiError(404, portalMessages.noCourse);
    const rooms = await roomsOf(scope, viewer, { courseId: query.class }, Date.now());
    return ok(rooms, { count: rooms.length });
  });
}
