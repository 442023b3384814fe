import { liveConfigKeys, liveConfigPermissionOf, parseLiveConfig, type GroupConfig, type LiveConfig } from "../../resources/lives/live-config";
import { liveSetting } from "../../resources/lives/live-setting";
import type { OrgScope } from "../engine/org-scope";
import { readSingle } from "../engine/table-single";
import { fail } from "../plugins/envelope";
import { checkAgainst } from "../plugins/schemas";

/** The organisation's live defaults and liveConfigPermissions (3 §3), as GET /cms/groupconfig answers them. */
export async function readGroupConfig(scope: OrgScope): Promise<GroupConfig> {
  return (await readSingle(scope, liveSetting.table)) as GroupConfig;
}

/** Refuses text that is not a JSON object, naming the config field. */
function needObject(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail.bad("偏好设置格式不正确", "config");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw fail.bad("偏好设置格式不正确", "config");
}

/**
 * A live's config (2 §3) from the JSON text a form sent, over `base` (the group's defaults for a
 * new live, the live's own for a change): a setting the group does not leave free
 * (liveConfigPermissions "0") takes the group's value whatever was sent, since the server
 * enforces what the form shows; the result is checked against schemas/lives/live-config.def.
 */
export function liveConfigFrom(group: GroupConfig, text: string | undefined, base: LiveConfig = group): LiveConfig {
  if (text?.trim()) needObject(text);
  const config = parseLiveConfig(text, base);
  for (const key of liveConfigKeys) if (group.liveConfigPermissions[liveConfigPermissionOf[key]] === "0") config[key] = group[key];
  const problem = checkAgainst("live-config.def", config);
  if (problem) throw fail.bad(problem.msg, "config");
  return Object.fromEntries(liveConfigKeys.map((k) => [k, config[k]])) as LiveConfig;
}
