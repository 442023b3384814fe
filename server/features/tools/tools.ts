import { tokenLifetimeSeconds, tokenTools, tools } from "../../../resources/tools/tools";
import { toolCalls } from "../../../resources/tools/calls";
import { defineFeature } from "../../engine/calls";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { signToolToken, tokenSecret, verifyToolToken } from "../../services/tool-tokens";
import { examHandlers } from "./exam";
import { sandboxHandlers } from "./sandbox";

/**
 * The embedded tools (3 §2.5, §7.1). The token call answers for a tool that is declared
 * (resources/tools/tools.ts) and whose menu key the caller holds: a sub-admin without the key gets 403
 * here, whatever the client shows (which tool is a field of the body, so it is read after validation).
 */
export default defineFeature({
  group: toolCalls,
  handlers: ({ db, config, app }) => {
    const key = tokenSecret(config);
    return {
      token: async (request) => {
        const { identity } = needIdentity(request, "admin");
        const { tool } = request.body as { tool: string };
        const declared = Object.hasOwn(tokenTools, tool) ? tokenTools[tool] : undefined;
        if (!declared) throw fail.bad("工具名称不正确", "tool");
        if (!menuKeysOf(identity).has(declared.menuKey)) throw fail.forbidden();
        const { token } = signToolToken(key, { orgId: identity.orgId, identityId: identity.id, tool });
        return ok({ token, expires_in: tokenLifetimeSeconds }, { token, expires_in: tokenLifetimeSeconds });
      },
      verify: async (request) => {
        const claims = verifyToolToken(key, (request.query as { token: string }).token);
        if (!claims) throw new ApiError(403, "token无效或已过期", 403);
        const title = tools.find((t) => t.name === claims.tool)?.title ?? claims.tool;
        return ok({ tool: claims.tool, title, org_id: claims.orgId, identity_id: claims.identityId, expires_at: claims.expiresAt });
      },
      ...sandboxHandlers(app),
      ...examHandlers(db, key),
    };
  },
});
