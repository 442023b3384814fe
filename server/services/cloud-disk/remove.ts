import { cloudDisk, isMusicFolder } from "../../../resources/cloud-disk/cloud-disk";
import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import type { Disk } from "./access";
import { descendantsOf } from "./items";
import { AUDITED_AS, audited, lockTree, needItems, placeNames } from "./tree-common";

const chunks = <T>(list: T[], size = 500) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Delete {id} (2 §7): the items, and a folder with everything in it. A stored file nobody points
 * at any more goes too, with its share of the organisation's quota; the bytes are removed by the
 * caller once the transaction is in (`gone`).
 */
export async function removeItems(scope: OrgScope, disk: Disk, ids: number[]): Promise<{ gone: string[] }> {
  return scope.transaction(async (tx) => {
    await lockTree(tx);
    const rows = await needItems(tx, disk, ids);
    if (rows.some(isMusicFolder)) throw fail.bad(cloudDisk.messages.musicFixed);
    const places = await placeNames(tx, disk, rows.map((r) => r.parent_id));
    const objectIds = new Set<number>();
    for (const row of rows) {
      if (row.object_id) objectIds.add(row.object_id);
      if (row.file_type !== 0) continue;
      const inside = await tx
        .selectFrom("cloud_files")
        .select("object_id")
        .where("owner_id", "=", disk.ownerId)
        .where("path", "like", `${descendantsOf(row)}%`)
        .where("object_id", "is not", null)
        .execute();
      for (const r of inside) objectIds.add(r.object_id!);
      await tx.deleteFrom("cloud_files").where("owner_id", "=", disk.ownerId).where("path", "like", `${descendantsOf(row)}%`).execute();
    }
    await tx.deleteFrom("cloud_files").where("owner_id", "=", disk.ownerId).where("id", "in", ids).execute();
    for (const row of rows) await recordAudit(tx, { resource: AUDITED_AS, recordId: row.id, action: "remove", before: audited(row, places) });
    return { gone: await dropUnreferenced(tx, [...objectIds]) };
  });
}

/** Objects among `ids` no item points at any more: their rows and quota go; answers the file names to remove. */
export async function dropUnreferenced(tx: OrgScope, ids: number[]): Promise<string[]> {
  const gone: string[] = [];
  for (const part of chunks(ids)) {
    const used = new Set((await tx.selectFrom("cloud_files").select("object_id").where("object_id", "in", part).execute()).map((r) => r.object_id));
    const unused = part.filter((id) => !used.has(id));
    if (!unused.length) continue;
    const objects = await tx.selectFrom("cloud_objects").select(["id", "name", "preview_name"]).where("id", "in", unused).execute();
    const names = objects.flatMap((o) => [o.name, o.preview_name]).filter(Boolean);
    await tx.deleteFrom("cloud_objects").where("id", "in", unused).execute();
    if (names.length) await tx.deleteFrom("uploads").where("name", "in", names).execute();
    gone.push(...names);
  }
  return gone;
}
