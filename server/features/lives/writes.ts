import type { liveWriteCalls } from "../../../resources/lives/calls";
import { liveMessages } from "../../../resources/lives/live-api";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { readGroupConfig, saveGroupConfig } from "../../services/group-config";
import { findConflicts, type ConflictQuery } from "../../services/live-conflicts";
import { addLive, changeLive, type LiveChange, type LiveInput } from "../../services/live-writes";
import { voidLive } from "../../services/lives/void";

/** Adding and modifying a live, its schedule conflicts (2 §5, §7), and the group defaults (3 §2.7, §3). */
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
    conflicts: async (request) => {
      const rows = await findConflicts(orgScope(request, db), request.query as ConflictQuery);
      return ok(rows, { count: rows.length });
    },
    groupConfig: async (request) => ok({ config: JSON.stringify(await readGroupConfig(orgScope(request, db))) }),
    groupConfigSet: async (request) => {
      const saved = await saveGroupConfig(orgScope(request, db), (request.body as { config: string }).config);
      return ok({ config: JSON.stringify(saved) }, { msg: liveMessages.groupConfigSaved });
    },
  };
}
