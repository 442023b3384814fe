import type { FastifyInstance } from "fastify";
import { liveApi, liveMessages } from "../../../resources/live-api";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { anyMenuGuard } from "../../plugins/permissions";
import { readGroupConfig, saveGroupConfig } from "../../services/group-config";
import { route } from "../../engine/route";

const tags = ["lives"];

/**
 * GET and PATCH /cms/groupconfig (3 §2.7, §3, §7.5): the organisation's live defaults as JSON
 * text, defaults filled in. /liveSetting changes them (liveSetting key); the live form reads them
 * too, so reading is also open to liveop and courseop.
 */
export default async function groupConfigRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, liveApi.groupConfig, { guard: anyMenuGuard(["liveSetting", "liveop", "courseop"]), summary: "Group config: the live defaults and liveConfigPermissions as JSON text", tags }, async (request) => {
    return ok({ config: JSON.stringify(await readGroupConfig(orgScope(request, db))) });
  });

  route(app, liveApi.groupConfigSet, { body: "group-config.edit", guard: anyMenuGuard(["liveSetting"]), summary: "Group config: set (every key checked against group-config); new lives start from it", tags }, async (request) => {
    const saved = await saveGroupConfig(orgScope(request, db), (request.body as { config: string }).config);
    return ok({ config: JSON.stringify(saved) }, { msg: liveMessages.groupConfigSaved });
  });
}
