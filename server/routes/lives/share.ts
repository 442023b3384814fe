import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveApi, liveCourseKeys } from "../../../resources/live-api";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { anyMenuGuard } from "../../plugins/permissions";
import { initNumOf, setInitNum } from "../../services/lives/audience";
import { shareGuidOf, type ShareKind } from "../../services/lives/share";
import { route } from "../../engine/route";

const tags = ["lives"];

/** A live's audience base and share links (2 §7), guarded once, before validation, by liveop or courseop. */
export default async function liveShareRoutes(app: FastifyInstance, { db }: Ctx) {
  const guard = anyMenuGuard(liveCourseKeys);
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  const liveIdOf = (request: FastifyRequest) => (request.query as { liveid: number }).liveid;

  route(app, liveApi.initNumGet, { query: "live.id.query", guard, summary: "The audience base of a live → {initNum}", tags }, async (request) => {
    const initNum = await initNumOf(scopeOf(request), liveIdOf(request));
    return ok({ initNum }, { initNum });
  });

  route(app, liveApi.initNumSet, { body: "live.init-num", guard, summary: "Sets the audience base (0 to 10,000,000) → {initNum}", tags }, async (request) => {
    const { liveid, initnum } = request.body as { liveid: number; initnum: number };
    const initNum = await setInitNum(scopeOf(request), liveid, initnum);
    return ok({ initNum }, { initNum, msg: "修改成功" });
  });

  const guid = (kind: ShareKind) => async (request: FastifyRequest) => {
    const value = await shareGuidOf(scopeOf(request), liveIdOf(request), kind);
    return ok({ guid: value }, { guid: value });
  };
  route(app, liveApi.shareGuid, { query: "live.id.query", guard, summary: "The no-verification link's guid of a live (made once, then stable) → {guid}", tags }, guid("share_guid"));
  route(app, liveApi.replayGuid, { query: "live.id.query", guard, summary: "The replay link's guid of a live (made once, then stable) → {guid}", tags }, guid("replay_guid"));
}
