import type { FastifyInstance, FastifyRequest } from "fastify";
import { tokenLifetimeSeconds, tokenTools, toolApi, tools } from "../../../resources/tools";
import type { Ctx } from "../../context";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";
import { route } from "../../engine/route";
import { signToolToken, verifyToolToken } from "./tokens";

const tags = ["tools"];
const TOO_MANY = "请求过于频繁，请稍后再试";

/**
 * POST /cms/webapitokenv2 (3 §7.1): a token for one tool page, bound to the caller's organisation
 * and identity and to the tool named in the body, which must be declared (resources/tools.ts) and
 * whose menu key the caller must hold: a sub-admin without the key gets 403 here, whatever the
 * client shows. GET {openIframe}/v1/token is what the open platform asks of a token it was handed.
 */
export default async function tokenRoutes(app: FastifyInstance, { key }: Ctx & { key: Buffer }) {
  // A person opens a tool page now and then; a loop asking for tokens is not a person. Counted per
  // identity for the issuing call (a school shares one address) and per address for the check.
  const perIdentity = app.createRateLimit({ max: 120, timeWindow: 60_000, keyGenerator: (r) => `i${r.auth?.identity?.id ?? r.ip}` });
  const perAddress = app.createRateLimit({ max: 300, timeWindow: 60_000 });
  const limited = async (count: typeof perIdentity, request: FastifyRequest) => {
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY, 429, { retryAfter: state.ttlInSeconds });
  };

  const caller = async (request: FastifyRequest) => {
    needIdentity(request, "admin");
    await limited(perIdentity, request);
  };

  route(app, toolApi.token, { body: "webapitoken", guard: caller, summary: "A frame token for one tool of resources/tools.ts: {token, expires_in}", tags }, async (request) => {
    const { identity } = needIdentity(request, "admin");
    const { tool } = request.body as { tool: string };
    const declared = Object.hasOwn(tokenTools, tool) ? tokenTools[tool] : undefined;
    if (!declared) throw fail.bad("工具名称不正确", "tool");
    if (!menuKeysOf(identity).has(declared.menuKey)) throw fail.forbidden();
    const { token } = signToolToken(key, { orgId: identity.orgId, identityId: identity.id, tool });
    return ok({ token, expires_in: tokenLifetimeSeconds }, { token, expires_in: tokenLifetimeSeconds });
  });

  route(
    app,
    toolApi.verify,
    { query: "tool-token.query", guard: (request) => limited(perAddress, request), summary: "The open platform's check of a token: the tool, organisation and identity it names", tags },
    async (request) => {
      const claims = verifyToolToken(key, (request.query as { token: string }).token);
      if (!claims) throw new ApiError(403, "token无效或已过期", 403);
      const title = tools.find((t) => t.name === claims.tool)?.title ?? claims.tool;
      return ok({ tool: claims.tool, title, org_id: claims.orgId, identity_id: claims.identityId, expires_at: claims.expiresAt });
    },
  );
}
