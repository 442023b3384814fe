import { sql } from "kysely";
import { cloudDisk, isMusicFolder } from "../../../resources/cloud-disk/cloud-disk";
import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import type { Disk } from "./access";
import { depthOf, descendantsOf, itemRows, needFolder, notFound, objectState, wireItem } from "./items";
import { readableObjects } from "./objects";
import { AUDITED_AS, audited, isUniqueViolation, lockTree, needItems, placeNames, refuseSecondMusic } from "./tree-common";

const { messages } = cloudDisk;

/** The folders other features keep their files in (2 §2), made on the organisation disk's first change. */
async function ensureSystemFolders(tx: OrgScope, disk: Disk, now: number) {
  if (disk.ownerId !== 0) return;
  await tx
    .insertInto(
      "cloud_files",
      cloudDisk.systemFolders.map((f) => ({ owner_id: 0, parent_id: 0, path: "/", file_type: 0, name: f.name, system: f.key, created_at: now, updated_at: now })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface AddInput {
  parentid: number;
  filetype: number;
  docid?: string;
  name: string;
}

/**
 * Add {parentid, filetype, docid, name} (2 §7): a folder, or a file whose bytes the caller may
 * already read (its upload, or one found by md5 on a disk of `owners`).
 */
export async function addItem(scope: OrgScope, disk: Disk, owners: number[], input: AddInput) {
  const name = input.name.trim();
  if (input.filetype === 1 && !input.docid) throw fail.bad("文件编号不正确", "docid");
  const now = Date.now();
  try {
    return await scope.transaction(async (tx) => {
      await lockTree(tx);
      await ensureSystemFolders(tx, disk, now);
      const parent = input.parentid ? await needFolder(tx, disk, input.parentid) : null;
      const path = parent ? `${parent.path}${parent.id}/` : "/";
      let object: { id: number; ext: string; state: number } | undefined;
      if (input.filetype === 0) {
        if (depthOf(path) + 1 > cloudDisk.maxDepth) throw fail.bad(messages.tooDeep);
        if (!parent && name === cloudDisk.musicFolder) await refuseSecondMusic(tx, disk);
      } else {
        // Held until the item is in, so the sweep cannot take the file in between (jobs.ts).
        const find = readableObjects(tx, owners).select(["o.id", "o.ext", "o.state"]).where("o.guid", "=", input.docid!);
        object = await (tx.dialect === "postgres" ? find.forUpdate() : find).executeTakeFirst();
        if (!object) throw notFound();
        if (object.state !== objectState.ready) throw fail.bad(messages.notUploaded, "docid");
      }
      const { id } = await tx
        .insertInto("cloud_files", {
          owner_id: disk.ownerId,
          parent_id: input.parentid,
          path,
          file_type: input.filetype,
          name,
          ext_name: object?.ext ?? "",
          object_id: object?.id ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = await itemRows(tx).where("f.id", "=", id).executeTakeFirstOrThrow();
      const places = new Map([[input.parentid, parent?.name ?? "全部文件"]]);
      await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "create", after: audited(row, places) });
      return wireItem(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.bad(messages.musicExists, "name");
    throw err;
  }
}

/** Modify {id, name} (2 §7). The music folder keeps its name; another folder may not take it at the root. */
export async function renameItem(scope: OrgScope, disk: Disk, id: number, rawName: string) {
  const name = rawName.trim();
  try {
    return await scope.transaction(async (tx) => {
      await lockTree(tx);
      const [row] = await needItems(tx, disk, [id]);
      if (row.name === name) return wireItem(row);
      if (isMusicFolder(row)) throw fail.bad(messages.musicFixed);
      if (row.file_type === 0 && row.parent_id === 0 && name === cloudDisk.musicFolder) await refuseSecondMusic(tx, disk, id);
      await tx.updateTable("cloud_files", { name, updated_at: Date.now() }).where("id", "=", id).execute();
      const after = await itemRows(tx).where("f.id", "=", id).executeTakeFirstOrThrow();
      const places = await placeNames(tx, disk, [row.parent_id]);
      await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "update", before: audited(row, places), after: audited(after, places) });
      return wireItem(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.bad(messages.musicExists, "name");
    throw err;
  }
}

/**
 * Move {id, newid} (2 §7): items into the folder `newid` (0 the root). A folder is never moved into
 * itself or anything inside it; the music folder stays where it is; a folder keeps within the depth.
 */
export async function moveItems(scope: OrgScope, disk: Disk, ids: number[], newid: number) {
  try {
    await scope.transaction(async (tx) => {
      await lockTree(tx);
      const rows = await needItems(tx, disk, ids);
      const target = newid ? await needFolder(tx, disk, newid) : null;
      const path = target ? descendantsOf(target) : "/";
      if (rows.some(isMusicFolder)) throw fail.bad(messages.musicFixed);
      for (const row of rows) {
        if (row.file_type !== 0) continue;
        if (row.id === newid || path.startsWith(descendantsOf(row))) throw fail.bad(messages.intoItself);
        if (!target && row.name === cloudDisk.musicFolder && row.parent_id !== 0) await refuseSecondMusic(tx, disk);
        const deepest = await tx
          .selectFrom("cloud_files")
          .select(sql<number>`max(length(path) - length(replace(path, '/', '')))`.as("slashes"))
          .where("owner_id", "=", disk.ownerId)
          .where("path", "like", `${descendantsOf(row)}%`)
          .executeTakeFirst();
        // Levels below the moved folder: an item whose path has n slashes sits at level n (the root's children at 1).
        const below = deepest?.slashes ? Number(deepest.slashes) - depthOf(descendantsOf(row)) : 0;
        if (depthOf(path) + 1 + below > cloudDisk.maxDepth) throw fail.bad(messages.tooDeep);
      }
      const now = Date.now();
      const places = await placeNames(tx, disk, [...rows.map((r) => r.parent_id), newid]);
      for (const row of rows) {
        if (row.parent_id === newid) continue;
        await tx.updateTable("cloud_files", { parent_id: newid, path, updated_at: now }).where("id", "=", row.id).execute();
        if (row.file_type === 0) {
          const from = descendantsOf(row);
          await tx
            .updateTable("cloud_files", { path: sql<string>`${`${path}${row.id}/`} || substr(path, ${from.length + 1})` })
            .where("owner_id", "=", disk.ownerId)
            .where("path", "like", `${from}%`)
            .execute();
        }
        await recordAudit(tx, { resource: AUDITED_AS, recordId: row.id, action: "update", before: audited(row, places), after: audited({ ...row, parent_id: newid }, places) });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.bad(messages.musicExists);
    throw err;
  }
}
