import type { ValidatorSettings } from "../../../resources/lives/live-api";
import { defaultValidatorSettings, validatorMessages, validatorTokenTool } from "../../../resources/lives/live-validator";
import { tokenLifetimeSeconds } from "../../../resources/tools/tools";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { recordAudit, type AuditRecord } from "../../engine/audit";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { cleanIntroduction } from "../../services/rich-text";
import { signToolToken } from "../../services/tool-tokens";
import { activeLive } from "../../services/active-live";
import { validatorScope } from "./validator-scope";

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
 * The iframe token (2 §7) and the validator settings of the validator service (2 §7, 3 §7.8);
 * `key` signs and verifies the validator tool's tokens (services/tool-tokens.ts).
 */
export function validatorHandlers({ db }: FeatureCtx, key: Buffer): Record<"validatorToken" | "validatorGet" | "validatorSave", Handler> {
  return {
    validatorToken: async (request) => {
      const scope = orgScope(request, db);
      const { liveid } = request.query as { liveid: number };
      if (!(await activeLive(scope, liveid))) throw fail.bad(validatorMessages.liveMissing, "liveid");
      const { token } = signToolToken(key, { orgId: scope.orgId, identityId: scope.actor.id, tool: validatorTokenTool, bind: { live: liveid } });
      const answer = { token, liveid, expires_in: tokenLifetimeSeconds };
      return ok(answer, answer);
    },

    validatorGet: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const row = await scope
        .selectFrom("live_validators")
        .select(["check_type", "password", "logo_url", "poster", "descr", "extra"])
        .where("live_id", "=", liveId)
        .executeTakeFirst();
      const content = row ? settingsOf(row) : null;
      return ok(content, { content });
    },

    validatorSave: async (request) => {
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
  };
}
