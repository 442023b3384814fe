import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";
import type { Db } from "../../db/database";
import type { Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { diskFor, groupDisk, ownDisk, readableOwners } from "../../services/cloud-disk/access";
import { listFolder, parentsOf, searchDisk, type Page } from "../../services/cloud-disk/items";
import { findByMd5, signedUrlOf } from "../../services/cloud-disk/objects";
import { removeItems } from "../../services/cloud-disk/remove";
import type { DiskStore } from "../../services/cloud-disk/store";
import { addItem, moveItems, renameItem, type AddInput } from "../../services/cloud-disk/tree";

const { messages } = cloudDisk;

/** `12` or `12,15,40` (clouddisk-ids.def) as distinct record numbers. */
function idsOf(text: string): number[] {
  const ids = [...new Set(text.split(",").map(Number))];
  if (ids.some((id) => id > 2147483647) || ids.length > cloudDisk.maxBatch) throw fail.bad("请选择文件", "id");
  return ids;
}

type DiskCall = "list" | "groupList" | "search" | "parents" | "add" | "rename" | "remove" | "move" | "checkMd5" | "mediaUrl";

/** The cloud disk host's calls: the disk each works on is the one its access resolved (services/cloud-disk/access.ts). */
export function diskHandlers(db: Db, store: DiskStore, key: Buffer): Record<DiskCall, Handler> {
  return {
    list: async (request) => {
      const query = request.query as Page & { parentid: number; dir: number };
      const { items, total } = await listFolder(orgScope(request, db), ownDisk(request), query);
      return ok(items, { count: total });
    },
    groupList: async (request) => {
      const query = request.query as Page & { parentid: number; dir: number };
      const { items, total } = await listFolder(orgScope(request, db), groupDisk(request), query);
      return ok(items, { count: total });
    },
    search: async (request) => {
      const query = request.query as Page & { key: string; group: number };
      const { items, total } = await searchDisk(orgScope(request, db), diskFor(request, query.group), query);
      return ok(items, { count: total });
    },
    parents: async (request) => {
      const { id, group } = request.query as { id: number; group: number };
      return ok(await parentsOf(orgScope(request, db), diskFor(request, group), id));
    },
    add: async (request) => {
      const body = request.body as AddInput;
      const item = await addItem(orgScope(request, db), ownDisk(request), readableOwners(request), body);
      return ok(item, { msg: body.filetype === 0 ? messages.added : messages.uploaded });
    },
    rename: async (request) => {
      const { id, name } = request.body as { id: number; name: string };
      return ok(await renameItem(orgScope(request, db), ownDisk(request), id, name), { msg: messages.renamed });
    },
    remove: async (request) => {
      const ids = idsOf((request.query as { id: string }).id);
      const { gone } = await removeItems(orgScope(request, db), ownDisk(request), ids);
      await store.remove(gone);
      return ok(null, { msg: ids.length > 1 ? messages.batchDeleted : messages.deleted });
    },
    move: async (request) => {
      const { id, newid } = request.body as { id: string; newid: number };
      await moveItems(orgScope(request, db), ownDisk(request), idsOf(id), newid);
      return ok(null, { msg: messages.moved });
    },
    checkMd5: async (request) => ok(await findByMd5(orgScope(request, db), readableOwners(request), (request.query as { md5: string }).md5)),
    mediaUrl: async (request) => {
      const { videoid } = request.query as { videoid: string };
      return ok(await signedUrlOf(orgScope(request, db), readableOwners(request), videoid, key));
    },
  };
}
