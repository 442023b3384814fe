import type { FastifyRequest } from "fastify";
import { portalMessages } from "../../../resources/portal/portal";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { classesOf, liveDays, roomsOf, seesCourse } from "../../services/portal-rooms";
import { rangeOf, viewerOf } from "./viewer";

/** The portal's lives and courses (2 §7 "Portal"): the person's own, as staff of a live or its student. */
export const liveHandlers = ({ db }: FeatureCtx) => ({
  lives: async (request: FastifyRequest) => {
    const query = request.query as { usertype: number; start: string; end: string };
    const viewer = viewerOf(request, query.usertype);
    const rooms = await roomsOf(orgScope(request, db), viewer, rangeOf(query), Date.now());
    return ok(rooms, { count: rooms.length });
  },

  liveDates: async (request: FastifyRequest) => {
    const query = request.query as { usertype: number; start: string; end: string };
    const viewer = viewerOf(request, query.usertype);
    const { from, to } = rangeOf(query);
    return ok({ livedate: await liveDays(orgScope(request, db), viewer, from, to) });
  },

  classes: async (request: FastifyRequest) => {
    const query = request.query as { time_out: 0 | 1; user_type: number };
    const viewer = viewerOf(request, query.user_type);
    const classes = await classesOf(orgScope(request, db), viewer, query.time_out === 1, Date.now());
    return ok({ classes }, { count: classes.length });
  },

  classRooms: async (request: FastifyRequest) => {
    const query = request.query as { group_id: number; class: number; user_type: number };
    const viewer = viewerOf(request, query.user_type);
    const scope = orgScope(request, db);
    if (query.group_id !== scope.orgId) throw fail.forbidden();
    if (!(await seesCourse(scope, viewer, query.class))) throw new ApiError(404, portalMessages.noCourse);
    const rooms = await roomsOf(scope, viewer, { courseId: query.class }, Date.now());
    return ok(rooms, { count: rooms.length });
  },
});
