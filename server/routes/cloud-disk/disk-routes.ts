import type { FastifyInstance, FastifyRequest } from "fastify";
import { cloudDisk, cloudDiskApi } from "../../../resources/cloud-disk";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { diskFor, groupDisk, ownDisk, readableOwners } from "../../services/cloud-disk/access";
import { listFolder, parentsOf, searchDisk, type Page } from "../../services/cloud-disk/items";
import { findByMd5, signedUrlOf } from "../../services/cloud-disk/objects";
import type { DiskStore } from "../../services/cloud-disk/store";
import { removeItems } from "../../services/cloud-disk/remove";
import { addItem, moveItems, renameItem, type AddInput } from "../../services/cloud-disk/tree";
import { route } from "../../engine/route";

const tags = ["cloud disk"];
const { messages } = cloudDisk;

/** `12` or `12,15,40` (clouddisk-ids.def) as distinct record numbers. */
function idsOf(text: string): number[] {
  const ids = [...new Set(text.split(",").map(Number))];
  if (ids.some((id) => id > 2147483647) || ids.length > cloudDisk.maxBatch) throw fail.bad("请选择文件", "id");
  return ids;
}

/** Any disk the caller reads (its own, the group disk): the calls that name which one in `group`. */
const anyDisk = (request: FastifyRequest) => void readableOwners(request);

/**
 * The cloud disk host's calls (2 §7, 3 §7.8). Each is guarded before validation by the disk it
 * works on (services/cloud-disk/access.ts), and reaches rows only through the session's
 * organisation scope; which disk is never a parameter a caller could point elsewhere.
 */
export default async function diskRoutes(app: FastifyInstance, { db, store, key }: Ctx & { store: DiskStore; key: Buffer }) {
  const listSummary = "One page of a folder {parentid, dir: 0 files and folders, 1 folders only}: folders first, newest first; system folders hidden";
  route(app, cloudDiskApi.list, { query: "clouddisk.list.query", guard: ownDisk, summary: `File list of the caller's disk. ${listSummary}`, tags }, async (request) => {
    const query = request.query as Page & { parentid: number; dir: number };
    const { items, total } = await listFolder(orgScope(request, db), ownDisk(request), query);
    return ok(items, { count: total });
  });

  route(app, cloudDiskApi.groupList, { query: "clouddisk.list.query", guard: groupDisk, summary: `The organisation's disk, read only. ${listSummary}`, tags }, async (request) => {
    const query = request.query as Page & { parentid: number; dir: number };
    const { items, total } = await listFolder(orgScope(request, db), groupDisk(request), query);
    return ok(items, { count: total });
  });

  route(app, cloudDiskApi.search, { query: "clouddisk.search.query", guard: anyDisk, summary: "Search {key} by name over a whole disk (group=1: the organisation's), each result bySearch", tags }, async (request) => {
    const query = request.query as Page & { key: string; group: number };
    const { items, total } = await searchDisk(orgScope(request, db), diskFor(request, query.group), query);
    return ok(items, { count: total });
  });

  route(app, cloudDiskApi.parents, { query: "clouddisk.parents.query", guard: anyDisk, summary: "Parent list {id}: the folders from the root down to id, for the breadcrumb", tags }, async (request) => {
    const { id, group } = request.query as { id: number; group: number };
    return ok(await parentsOf(orgScope(request, db), diskFor(request, group), id));
  });

  route(app, cloudDiskApi.add, { body: "clouddisk.add", guard: ownDisk, summary: "Add {parentid, filetype, docid, name}: a folder, or a file whose bytes the caller may already read", tags }, async (request) => {
    const body = request.body as AddInput;
    const item = await addItem(orgScope(request, db), ownDisk(request), readableOwners(request), body);
    return ok(item, { msg: body.filetype === 0 ? messages.added : messages.uploaded });
  });

  route(app, cloudDiskApi.rename, { body: "clouddisk.rename", guard: ownDisk, summary: "Modify {id, name}", tags }, async (request) => {
    const { id, name } = request.body as { id: number; name: string };
    return ok(await renameItem(orgScope(request, db), ownDisk(request), id, name), { msg: messages.renamed });
  });

  route(app, cloudDiskApi.remove, { query: "clouddisk.remove.query", guard: ownDisk, summary: "Delete {id}: one item or several ('12,15'); a folder with its content", tags }, async (request) => {
    const ids = idsOf((request.query as { id: string }).id);
    const { gone } = await removeItems(orgScope(request, db), ownDisk(request), ids);
    await store.remove(gone);
    return ok(null, { msg: ids.length > 1 ? messages.batchDeleted : messages.deleted });
  });

  route(app, cloudDiskApi.move, { body: "clouddisk.move", guard: ownDisk, summary: "Move {id, newid}: items into the folder newid (0 the root), never a folder into itself", tags }, async (request) => {
    const { id, newid } = request.body as { id: string; newid: number };
    await moveItems(orgScope(request, db), ownDisk(request), idsOf(id), newid);
    return ok(null, { msg: messages.moved });
  });

  route(app, cloudDiskApi.checkMd5, { query: "clouddisk.md5.query", guard: ownDisk, summary: "Check md5 {name, md5, parent}: {exist, docid, url, md5} of bytes the caller may already read", tags }, async (request) => {
    return ok(await findByMd5(orgScope(request, db), readableOwners(request), (request.query as { md5: string }).md5));
  });

  route(app, cloudDiskApi.mediaUrl, { query: "clouddisk.media.query", guard: anyDisk, summary: "Media url {videoid}: a signed address of a file the caller sees, valid a few minutes", tags }, async (request) => {
    const { videoid } = request.query as { videoid: string };
    return ok(await signedUrlOf(orgScope(request, db), readableOwners(request), videoid, key));
  });
}
