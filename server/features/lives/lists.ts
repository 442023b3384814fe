import type { FastifyRequest } from "fastify";
import { liveMessages } from "../../../resources/lives/live-api";
import type { liveListCalls } from "../../../resources/lives/calls";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { allLives, masterLives, needCourse, subLives, type Page } from "../../services/lives/lists";
import { findLive } from "../../services/lives/records";
import { searchLives, type LiveSearch } from "../../services/lives/search";
import { voidLive } from "../../services/lives/void";

/** The live lists (2 §2, §7), one live, a course's name, and voiding. */
export function listHandlers({ db }: FeatureCtx): Record<keyof typeof liveListCalls, Handler> {
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const listed = ({ rows, total }: { rows: unknown[]; total: number }) => ok(rows, { count: total });
  const masters = async (request: FastifyRequest) => listed(await masterLives(scopeOf(request), request.query as Page & { courseid: number; key?: string }));
  return {
    all: async (request) => listed(await allLives(scopeOf(request), request.query as Page)),
    search: async (request) => listed(await searchLives(scopeOf(request), request.query as LiveSearch)),
    master: masters,
    masterSearch: masters,
    sub: async (request) => listed(await subLives(scopeOf(request), request.query as Page & { masterid: number; courseid?: number })),
    courseName: async (request) => {
      const course = await needCourse(scopeOf(request), (request.query as { id: number }).id);
      return ok({ name: course.title, type: course.type }, { name: course.title, type: course.type });
    },
    info: async (request) => ok(await findLive(scopeOf(request), (request.query as { liveid: number }).liveid)),
    remove: async (request) => {
      await voidLive(scopeOf(request), (request.query as { id: number }).id);
      return ok(null, { msg: liveMessages.voided });
    },
  };
}
