import type { FastifyInstance } from "fastify";
import { liveApi, validatorApi, type ValidatorSettings } from "../../../resources/live-api";
import { defaultValidatorSettings, validatorMessages, validatorTokenTool } from "../../../resources/live-validator";
import { tokenLifetimeSeconds } from "../../../resources/tools";
import type { Ctx } from "../../context";
import { recordAudit, type AuditRecord } from "../../engine/audit";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { cleanIntroduction } from "../../services/rich-text";
import { route } from "../../engine/route";
import { signToolToken } from "../tools/tokens";
import { activeLive } from "../../services/active-live";
import { verificationGuard, validatorScope } from "./access";

const tags = ["verification"];

type StoredValidator = { check_type: number; password: string; logo_url: string; poster: string; descr: string; extra: string };

/** The stored extra, or the default's when the text is not what the service writes. */
function extraOf(text: string): ValidatorSettings["extra"] {
  try {
    const parsed = JSON.parse(text) as Partial<ValidatorSettings["extra"]>;
    if ((parsed.isRecord === 1 || parsed.isRecord === 2) && Array.isArray(parsed.data)) return { isRecord: parsed.isRecord, data: parsed.data };
  } catch {
    // falls through to the default
  }
  return defaultValidatorSettings.extra;
}

const settingsOf = (row: StoredValidator): ValidatorSettings => ({
  check: row.check_type as ValidatorSettings["check"],
  password: row.password,
  logo_url: row.logo_url,
  poster: row.poster,
  desc: row.descr,
  extra: extraOf(row.extra),
});

/**
 * What the audit log keeps of a save: the method, whether a password is set (never the password),
 * the images, the introduction's size and the registration form's field names.
 */
const audited = (s: ValidatorSettings): AuditRecord => ({
  check: s.check,
  password: s.password ? "已设置" : "",
  logo_url: s.logo_url,
  poster: s.poster,
  desc: `${s.desc.length}字`,
  isRecord: s.extra.isRecord,
  fields: s.extra.data.map((f) => f.name).join("、"),
});

/**
 * The iframe token (2 §7) and the validator settings of the validator service (2 §7, 3 §7.8).
 * Bespoke rather than declared: the service's calls are keyed by the live in the query beside a
 * token bound to it, answer the spec's `content`, and one live has one settings record whose
 * first save creates it.
 */
export default async function validatorRoutes(app: FastifyInstance, { db, key }: Ctx & { key: Buffer }) {
  const tokenGuard = verificationGuard(app, 120);
  const guard = verificationGuard(app, 600);

  route(
    app,
    liveApi.validatorToken,
    { query: "live-token.query", guard: tokenGuard, summary: "A short-lived token for the validator service, bound to the organisation, the identity and live `liveid`: {token, liveid, expires_in}", tags },
    async (request) => {
      const scope = orgScope(request, db);
      const { liveid } = request.query as { liveid: number };
      if (!(await activeLive(scope, liveid))) throw fail.bad(validatorMessages.liveMissing, "liveid");
      const { token } = signToolToken(key, { orgId: scope.orgId, identityId: scope.actor.id, tool: validatorTokenTool, bind: { live: liveid } });
      const answer = { token, liveid, expires_in: tokenLifetimeSeconds };
      return ok(answer, answer);
    },
  );

  route(app, validatorApi.get, { query: "validator.query", guard, summary: "The live's verification settings; content null while it has none", tags }, async (request) => {
    const { scope, liveId } = await validatorScope(request, db, key);
    const row = await scope
      .selectFrom("live_validators")
      .select(["check_type", "password", "logo_url", "poster", "descr", "extra"])
      .where("live_id", "=", liveId)
      .executeTakeFirst();
    const content = row ? settingsOf(row) : null;
    return ok(content, { content });
  });

  route(
    app,
    validatorApi.save,
    { query: "validator.query", body: "validator.save", guard, summary: "Saves the live's verification settings (desc sanitised); answers them as stored", tags },
    async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const body = request.body as ValidatorSettings;
      const settings: ValidatorSettings = {
        check: body.check,
        // Only the single-password method has one (2 §5).
        password: body.check === 3 ? body.password : "",
        logo_url: body.logo_url ?? "",
        poster: body.poster ?? "",
        desc: cleanIntroduction(body.desc ?? ""),
        extra: { isRecord: body.extra.isRecord, data: body.extra.data },
      };
      const stored = {
        check_type: settings.check,
        password: settings.password,
        logo_url: settings.logo_url,
        poster: settings.poster,
        descr: settings.desc,
        extra: JSON.stringify(settings.extra),
        updated_at: Date.now(),
      };
      await scope.transaction(async (tx) => {
        const before = await tx
          .selectFrom("live_validators")
          .select(["check_type", "password", "logo_url", "poster", "descr", "extra"])
          .where("live_id", "=", liveId)
          .executeTakeFirst();
        // Two first saves at once (the default, from two tabs) both land: the second as a change.
        await tx
          .insertInto("live_validators", { live_id: liveId, ...stored })
          .onConflict((oc) => oc.column("live_id").doUpdateSet(stored))
          .execute();
        await recordAudit(tx, {
          resource: "liveValidator",
          recordId: liveId,
          action: before ? "update" : "create",
          before: before && audited(settingsOf(before)),
          after: audited(settings),
        });
      });
      return ok(settings, { content: settings, msg: validatorMessages.saved });
    },
  );
}
