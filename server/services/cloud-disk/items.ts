import { sql } from "kysely";
import { cloudDisk, cloudDiskApi, extOf, fileKinds, isAllowedExt, isMusicFolder, type CloudCrumb, type CloudItem, type PreviewKind } from "../../../resources/cloud-disk/cloud-disk";
import { hostPrefixes } from "../../config";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import { formatDateTime } from "../datetime";
import type { Disk } from "./access";

export const objectState = { uploading: 0, ready: 1, failed: 2 } as const;
export const previewState = { none: 0, waiting: 1, converting: 2, done: 3, failed: 4, unavailable: 5 } as const;

export const notFound = () => new ApiError(404, cloudDisk.messages.notFound);
export const folderNotFound = () => new ApiError(404, cloudDisk.messages.folderNotFound);

/**
 * Where a stored file is served (the cloud disk host's prefix and `/objects/<name>`), followed by the
 * name it is shown as when there is one: a browser's PDF viewer and a download take their title and
 * file name from the address's last segment, which is otherwise the random storage name.
 */
export const fileUrl = (stored: string, shownAs?: string) =>
  hostPrefixes.cloudDisk + cloudDiskApi.file.path.replace(":name", stored) + (shownAs ? `/${encodeURIComponent(shownAs)}` : "");

/** An office document seen as the PDF it was converted to: `讲稿.docx` as `讲稿.pdf`. */
const asPdf = (name: string) => `${extOf(name) ? name.slice(0, name.lastIndexOf(".")) : name}.pdf`;

/** A row as the listings read it: the item and, for a file, its stored object. */
export interface ItemRow {
  id: number;
  name: string;
  file_type: number;
  parent_id: number;
  path: string;
  ext_name: string;
  object_id: number | null;
  updated_at: number;
  guid: string | null;
  o_name: string | null;
  bytes: number | null;
  state: number | null;
  preview_state: number | null;
  preview_name: string | null;
}

/** Every item query starts here: the organisation's rows (the scope), with each file's object. */
export const itemRows = (scope: OrgScope) =>
  scope
    .selectFrom("cloud_files as f")
    .leftJoin("cloud_objects as o", "o.id", "f.object_id")
    .select([
      "f.id", "f.name", "f.file_type", "f.parent_id", "f.path", "f.ext_name", "f.object_id", "f.updated_at",
      "o.guid", "o.name as o_name", "o.bytes", "o.state", "o.preview_state", "o.preview_name",
    ]);

/**
 * Where a file is viewed and how (2 §4, §5), its address ending with `name` when given (an item's).
 * An office document is viewed as the PDF it was converted to; while it waits for conversion it has
 * no url ("converting"); when it cannot be converted (no converter, or it failed) its url is the
 * document itself, not previewable.
 */
export function viewOf(
  row: Pick<ItemRow, "file_type" | "ext_name" | "o_name" | "state" | "preview_state" | "preview_name"> & { name?: string },
): { url: string; preview: PreviewKind } {
  if (row.file_type === 0 || row.state !== objectState.ready || !row.o_name || !isAllowedExt(row.ext_name)) return { url: "", preview: "" };
  const kind = fileKinds[row.ext_name];
  if (kind === "image" || kind === "pdf") return { url: fileUrl(row.o_name, row.name), preview: kind };
  if (kind !== "office") return { url: fileUrl(row.o_name, row.name), preview: "" };
  if (row.preview_state === previewState.done && row.preview_name) return { url: fileUrl(row.preview_name, row.name && asPdf(row.name)), preview: "pdf" };
  if (row.preview_state === previewState.waiting || row.preview_state === previewState.converting) return { url: "", preview: "" };
  return { url: fileUrl(row.o_name, row.name), preview: "" };
}

export function wireItem(row: ItemRow, bySearch = false): CloudItem {
  return {
    id: row.id,
    name: row.name,
    file_type: row.file_type,
    update_time: formatDateTime(row.updated_at),
    updated_at: row.updated_at,
    ...viewOf(row),
    guid: row.guid ?? "",
    ext_name: row.ext_name,
    doc_size: row.bytes ?? 0,
    ...(bySearch ? { bySearch: 1 } : {}),
    ...(isMusicFolder(row) ? { fixed: 1 as const } : {}),
  };
}

/** Where a folder's content is: every item whose path starts so. */
export const descendantsOf = (row: Pick<ItemRow, "path" | "id">) => `${row.path}${row.id}/`;

/** Folders nested in `path`: '/' is the root's children (0), '/12/' one level down (1). */
export const depthOf = (path: string) => path.split("/").length - 2;

/** The folder `id` of a disk, or 文件夹不存在 (another disk's, a file, a hidden system folder, or none). */
export async function needFolder(scope: OrgScope, disk: Disk, id: number): Promise<ItemRow> {
  const row = await itemRows(scope)
    .where("f.id", "=", id)
    .where("f.owner_id", "=", disk.ownerId)
    .where("f.file_type", "=", 0)
    .where("f.system", "=", "")
    .executeTakeFirst();
  if (!row) throw folderNotFound();
  return row;
}

export interface Page {
  page: number;
  count: number;
}

export type FolderQuery = Page & { parentid: number; dir: number };

/**
 * The query of one page of a folder's rows (exported for the bench's query plan). The page's ids
 * are read off the list index alone, so a deep page skips index entries, not rows with their
 * objects; a page past the middle of a folder of `total` items is read from the folder's far end,
 * so no page skips more than half the folder.
 */
export function folderPage(scope: OrgScope, disk: Disk, query: FolderQuery, total?: number) {
  const types = query.dir === 1 ? [0] : [0, 1];
  const offset = (query.page - 1) * query.count;
  const fromEnd = total !== undefined && offset > total / 2;
  const skip = fromEnd ? Math.max(0, total - offset - query.count) : offset;
  const take = fromEnd ? Math.max(0, Math.min(query.count, total - offset)) : query.count;
  const pageIds = scope
    .selectFrom("cloud_files as f")
    .select("f.id")
    .where("f.owner_id", "=", disk.ownerId)
    .where("f.parent_id", "=", query.parentid)
    .where("f.system", "=", "")
    .where("f.file_type", "in", types)
    .orderBy("f.file_type", fromEnd ? "desc" : "asc")
    .orderBy("f.id", fromEnd ? "asc" : "desc")
    .limit(take)
    .offset(skip);
  // Then those rows, named by the whole list key (not the id alone): SQLite, with no statistics,
  // would otherwise walk the organisation's every item looking for 20 ids.
  return itemRows(scope)
    .where("f.owner_id", "=", disk.ownerId)
    .where("f.parent_id", "=", query.parentid)
    .where("f.system", "=", "")
    .where("f.file_type", "in", types)
    .where("f.id", "in", pageIds)
    .orderBy("f.file_type")
    .orderBy("f.id", "desc");
}

/** One page of a folder (2 §7 file list {parentid, dir}): folders first, newest first; system folders hidden. */
export async function listFolder(scope: OrgScope, disk: Disk, query: FolderQuery) {
  // The total is the folder's kept count (migration 0019); a later page needs it to choose its end.
  const counting = scope
    .selectFrom("cloud_folder_counts")
    .select(["n", "folders"])
    .where("owner_id", "=", disk.ownerId)
    .where("parent_id", "=", query.parentid)
    .executeTakeFirst()
    .then((counted) => Number((query.dir === 1 ? counted?.folders : counted?.n) ?? 0));
  const [rows, total] =
    query.page === 1
      ? await Promise.all([folderPage(scope, disk, query).execute(), counting])
      : await counting.then(async (n) => [await folderPage(scope, disk, query, n).execute(), n] as const);
  // Rows found are this disk's, so their folder is; an empty page may be a folder that is not.
  if (!rows.length && query.parentid) await needFolder(scope, disk, query.parentid);
  return { items: rows.map((row) => wireItem(row)), total };
}

/** The ids of a disk's system folders: their content stays out of search as they stay out of listings. */
async function systemFolderIds(scope: OrgScope, disk: Disk): Promise<number[]> {
  const rows = await scope.selectFrom("cloud_files").select("id").where("owner_id", "=", disk.ownerId).where("system", "<>", "").execute();
  return rows.map((r) => r.id);
}

const likePattern = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search {key} (2 §7) over the whole disk by name, newest first; each result is marked bySearch. */
export async function searchDisk(scope: OrgScope, disk: Disk, query: Page & { key: string }) {
  const hidden = await systemFolderIds(scope, disk);
  const conditions = [
    sql`f.owner_id = ${disk.ownerId}`,
    sql`f.system = ''`,
    sql`lower(f.name) like ${likePattern(query.key.trim().toLowerCase())} escape '\\'`,
    ...hidden.map((id) => sql`f.path not like ${`%/${id}/%`}`),
  ];
  const matching = sql<boolean>`${sql.join(conditions, sql` and `)}`;
  const [rows, count] = await Promise.all([
    itemRows(scope).where(matching).orderBy("f.id", "desc").limit(query.count).offset((query.page - 1) * query.count).execute(),
    scope.selectFrom("cloud_files as f").select(sql<number>`count(*)`.as("n")).where(matching).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => wireItem(row, true)), total: Number(count.n) };
}

/** Parent list {id} (2 §7): the folders from the root down to `id` itself, for the breadcrumb. */
export async function parentsOf(scope: OrgScope, disk: Disk, id: number): Promise<CloudCrumb[]> {
  if (id === 0) return [];
  const folder = await needFolder(scope, disk, id);
  const ancestors = folder.path.split("/").filter(Boolean).map(Number);
  const rows = ancestors.length
    ? await scope.selectFrom("cloud_files").select(["id", "name"]).where("owner_id", "=", disk.ownerId).where("id", "in", ancestors).execute()
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return [...ancestors.map((a) => ({ id: a, name: names.get(a) ?? "" })), { id: folder.id, name: folder.name }];
}
