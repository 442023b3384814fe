import { sql, type SqlBool } from "kysely";
import { liveLimits, liveMessages } from "../../../resources/lives/live-api";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { escapeLike } from "../courses";

/** The organisation's own disk (cloud_files.owner_id 0), whose files a live may carry as courseware. */
const ORG_DISK = 0;

/** Files of the organisation's disk for the live form's courseware picker, newest first, by a name fragment. */
export async function coursewareCandidates(scope: OrgScope, key: string | undefined) {
  let q = scope
    .selectFrom("cloud_files as f")
    .leftJoin("cloud_objects as o", "o.id", "f.object_id")
    .select(["f.id", "f.name", "f.ext_name", "o.bytes"])
    .where("f.owner_id", "=", ORG_DISK)
    .where("f.file_type", "!=", 0);
  const fragment = key?.trim();
  if (fragment) q = q.where(sql<SqlBool>`lower(f.name) like lower(${`%${escapeLike(fragment)}%`}) escape '\\'`);
  const rows = await q.orderBy("f.updated_at", "desc").orderBy("f.id", "desc").limit(liveLimits.coursewareCandidates).execute();
  return rows.map((r) => ({ Id: r.id, Name: r.name, Type: r.ext_name, Size: Number(r.bytes ?? 0) }));
}

/**
 * A live's courseware as stored (2 §3 CloudDiskFiles): JSON text of `[{Id, Name}]`, each a file of
 * the organisation's disk, at most `liveLimits.coursewareMax`, in the order chosen. Text that is not
 * such a list, or names a file that is not there (another organisation's, a folder, deleted), is
 * refused whole; undefined leaves a change's courseware as it was.
 */
export async function coursewareFrom(scope: OrgScope, text: string | undefined): Promise<string | undefined> {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || "[]");
  } catch {
    throw fail.bad("课件格式不正确", "clouddiskfiles");
  }
  if (!Array.isArray(parsed)) throw fail.bad("课件格式不正确", "clouddiskfiles");
  const ids = [...new Set(parsed.map((item) => Number(typeof item === "object" && item ? (item as { Id?: unknown }).Id : item)))];
  if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > 2147483647)) throw fail.bad("课件格式不正确", "clouddiskfiles");
  if (ids.length > liveLimits.coursewareMax) throw fail.bad(`课件最多选择${liveLimits.coursewareMax}个`, "clouddiskfiles");
  if (!ids.length) return "[]";
  const rows = await scope.selectFrom("cloud_files").select(["id", "name"]).where("id", "in", ids).where("owner_id", "=", ORG_DISK).where("file_type", "!=", 0).execute();
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  if (ids.some((id) => !byId.has(id))) throw fail.bad(liveMessages.coursewareMissing, "clouddiskfiles");
  return JSON.stringify(ids.map((id) => ({ Id: id, Name: byId.get(id) })));
}
