import { cloudDisk, cloudDiskAudit } from "../../../resources/cloud-disk/cloud-disk";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import type { Disk } from "./access";
import { itemRows, notFound, type ItemRow } from "./items";

/** What the writes of a disk's tree share (tree.ts, remove.ts). */
export const AUDITED_AS = cloudDiskAudit.resource;

/**
 * Changes to a disk's tree are taken one organisation at a time: a row lock on PostgreSQL (SQLite
 * has one writer). Two moves crossing each other (A into B, B into A) would otherwise each see a
 * tree without the other's change and make a loop.
 */
export async function lockTree(tx: OrgScope) {
  if (tx.dialect === "postgres") await tx.shared.selectFrom("organisations").select("id").where("id", "=", tx.orgId).forUpdate().execute();
}

/** A second 音乐 at a disk's root: refused in words, and by the unique index for anyone who got past the words. */
export async function refuseSecondMusic(tx: OrgScope, disk: Disk, exceptId = 0) {
  const other = await tx
    .selectFrom("cloud_files")
    .select("id")
    .where("owner_id", "=", disk.ownerId)
    .where("parent_id", "=", 0)
    .where("file_type", "=", 0)
    .where("system", "=", "")
    .where("name", "=", cloudDisk.musicFolder)
    .where("id", "<>", exceptId)
    .executeTakeFirst();
  if (other) throw fail.bad(cloudDisk.messages.musicExists, "name");
}

export const isUniqueViolation = (err: unknown) => /unique/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === "23505";

/** The names of the folders items sit in (the root is 全部文件), for the audit log. */
export async function placeNames(tx: OrgScope, disk: Disk, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const rows = wanted.length ? await tx.selectFrom("cloud_files").select(["id", "name"]).where("owner_id", "=", disk.ownerId).where("id", "in", wanted).execute() : [];
  return new Map([[0, "全部文件"], ...rows.map((r) => [r.id, r.name] as [number, string])]);
}

/** An item as the organisation's log shows it, in the log's own words. */
export const audited = (row: Pick<ItemRow, "name" | "file_type" | "parent_id">, places: Map<number, string>) => ({
  名称: row.name,
  类型: row.file_type === 0 ? "文件夹" : "文件",
  位置: places.get(row.parent_id) ?? "",
});

/** Rows of a disk by id, all of them or 文件不存在 (nothing of another disk is ever named back). */
export async function needItems(tx: OrgScope, disk: Disk, ids: number[]): Promise<ItemRow[]> {
  const rows = await itemRows(tx).where("f.owner_id", "=", disk.ownerId).where("f.system", "=", "").where("f.id", "in", ids).execute();
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}
