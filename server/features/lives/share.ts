import type { FastifyRequest } from "fastify";
import type { liveShareCalls } from "../../../resources/lives/calls";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { initNumOf, setInitNum } from "../../services/lives/audience";
import { shareGuidOf, type ShareKind } from "../../services/lives/share";

/** A live's audience base and share links (2 §7). */
export function shareHandlers({ db }: FeatureCtx): Record<keyof typeof liveShareCalls, Handler> {
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const liveIdOf = (request: FastifyRequest) => (request.query as { liveid: number }).liveid;
  const guid = (kind: ShareKind) => async (request: FastifyRequest) => {
    const value = await shareGuidOf(scopeOf(request), liveIdOf(request), kind);
    return ok({ guid: value }, { guid: value });
  };
  return {
    initNumGet: async (request) => {
      const initNum = await initNumOf(scopeOf(request), liveIdOf(request));
      return ok({ initNum }, { initNum });
    },
    initNumSet: async (request) => {
      const { liveid, initnum } = request.body as { liveid: number; initnum: number };
      const initNum = await setInitNum(scopeOf(request), liveid, initnum);
      return ok({ initNum }, { initNum, msg: "修改成功" });
    },
    shareGuid: guid("share_guid"),
    replayGuid: guid("replay_guid"),
  };
}
