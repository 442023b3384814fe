import {
  liveConfigKeys,
  liveConfigPermissionKeys,
  liveConfigPermissionOf,
  parseGroupConfig,
  parseLiveConfig,
  type GroupConfig,
  type LiveConfig,
} from "../../resources/lives/live-config";
import { recordAudit } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { fail } from "../plugins/envelope";
import { checkAgainst } from "../plugins/schemas";

/** The audit log's name for the organisation's live defaults (one record per organisation, id 0). */
const AUDITED_AS = "groupConfig";

/** The organisation's live defaults and liveConfigPermissions (3 §3); no row reads as the defaults. */
export async function readGroupConfig(scope: OrgScope): Promise<GroupConfig> {
  const row = await scope.selectFrom("group_configs").select("config").executeTakeFirst();
  return parseGroupConfig(row?.config);
}

const asText = (value: unknown) => (typeof value === "number" ? String(value) : value);

/** The object of a JSON text, or a refusal in `message` naming the config field. */
function objectOf(text: string, message = "配置格式不正确"): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail.bad(message, "config");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw fail.bad(message, "config");
  return parsed as Record<string, unknown>;
}

/**
 * Saves the group config from the JSON text of PATCH /cms/groupconfig: what it names over what is
 * stored, every key then checked against schemas/lives/group-config (values as text within the ranges of
 * 2 §9), stored with the known keys only. New lives start from it (2 §2 /liveSetting).
 */
export async function saveGroupConfig(scope: OrgScope, text: string): Promise<GroupConfig> {
  const given = objectOf(text);
  return scope.transaction(async (tx) => {
    const before = await readGroupConfig(tx);
    const givenFlags = (given.liveConfigPermissions && typeof given.liveConfigPermissions === "object" ? given.liveConfigPermissions : {}) as Record<string, unknown>;
    const merged = {
      ...Object.fromEntries(liveConfigKeys.map((k) => [k, asText(k in given ? given[k] : before[k])])),
      liveConfigPermissions: Object.fromEntries(
        liveConfigPermissionKeys.map((k) => [k, asText(k in givenFlags ? givenFlags[k] : before.liveConfigPermissions[k])]),
      ),
    };
    const problem = checkAgainst("group-config", merged);
    if (problem) throw fail.bad(problem.msg, "config");
    const after = parseGroupConfig(JSON.stringify(merged));
    const now = Date.now();
    await tx
      .insertInto("group_configs", { config: JSON.stringify(after), updated_at: now })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ config: JSON.stringify(after), updated_at: now }))
      .execute();
    await recordAudit(tx, { resource: AUDITED_AS, recordId: 0, action: "update", before: flat(before), after: flat(after) });
    return after;
  });
}

/** The group config as the audit log compares it: one field a setting, flags beside them. */
function flat({ liveConfigPermissions, ...values }: GroupConfig) {
  return { ...values, ...liveConfigPermissions };
}

/**
 * A live's config (2 §3) from the JSON text a form sent, over `base` (the group's defaults for a
 * new live, the live's own for a change): a setting the group does not leave free
 * (liveConfigPermissions "0") takes the group's value whatever was sent, since the server
 * enforces what the form shows; the result is checked against schemas/lives/live-config.def.
 */
export function liveConfigFrom(group: GroupConfig, text: string | undefined, base: LiveConfig = group): LiveConfig {
  if (text?.trim()) objectOf(text, "偏好设置格式不正确");
  const config = parseLiveConfig(text, base);
  for (const key of liveConfigKeys) if (group.liveConfigPermissions[liveConfigPermissionOf[key]] === "0") config[key] = group[key];
  const problem = checkAgainst("live-config.def", config);
  if (problem) throw fail.bad(problem.msg, "config");
  return Object.fromEntries(liveConfigKeys.map((k) => [k, config[k]])) as LiveConfig;
}
