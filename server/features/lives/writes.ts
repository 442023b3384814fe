import type { liveWriteCalls } from "../../../resources/lives/calls";
import { liveMessages } from "../../../resources/lives/live-api";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { findConflicts, type ConflictQuery } from "../../services/live-conflicts";
import { addLive, changeLive, type LiveChange, type LiveInput } from "../../services/live-writes";
import { voidLive } from "../../services/lives/void";
import { coursewareCandidates } from "../../services/lives/courseware";

/** Adding and modifying a live and its schedule conflicts (2 §5, §7). */
export function writeHandlers({ db }: FeatureCtx): Record<keyof typeof liveWriteCalls, Handler> {
  return {
    create: async (request) => ok(await addLive(orgScope(request, db), request.body as LiveInput), { msg: "添加成功" }),
    update: async (request) => {
      const body = request.body as LiveChange | { id: number; status: 0 };
      if ("status" in body) {
        await voidLive(orgScope(request, db), body.id);
        return ok(null, { msg: liveMessages.voided });
      }
      return ok(await changeLive(orgScope(request, db), body), { msg: "修改成功" });
    },
    coursewareCandidates: async (request) => ok(await coursewareCandidates(orgScope(request, db), (request.query as { key?: string }).key)),
    conflicts: async (request) => {
      const rows = await findConflicts(orgScope(request, db), request.query as ConflictQuery);
      return ok(rows, { count: rows.length });
    },
  };
}
