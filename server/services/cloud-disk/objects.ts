import { sql } from "kysely";
import { cloudDisk, cloudDiskApi, extOf, fileKinds, isAllowedExt, uploadStatus } from "../../../resources/cloud-disk/cloud-disk";
import { imageUpload } from "../../../resources/kernel/upload";
import { hostPrefixes } from "../../config";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { recordUpload } from "../uploads";
import { matchesExt } from "./file-signatures";
import { fileUrl, notFound, objectState, previewState, viewOf } from "./items";
import { signedQuery, signUpload } from "./signing";
import { inspect, randomGuid, type DiskStore } from "./store";

const MINUTE = 60_000;
const { messages } = cloudDisk;

/**
 * Stored objects the caller may already read: those an item of a disk it reads points at (`owners`,
 * its own and the organisation's where it holds the key), and its own uploads. The md5 check, the
 * add by docid and the upload status look only here: an md5 or a docid learnt of someone else's
 * personal file finds nothing, and its bytes must be sent like any new file's.
 */
export function readableObjects(scope: OrgScope, owners: number[]) {
  return scope
    .selectFrom("cloud_objects as o")
    .where((eb) =>
      eb.or([
        eb("o.owner_id", "=", scope.actor.id),
        // Correlated by hand: the subquery's builder cannot name the outer alias in its types.
        eb.exists(scope.selectFrom("cloud_files as f").select("f.id").where("f.object_id", "=", sql.ref<number>("o.id")).where("f.owner_id", "in", owners)),
      ]),
    );
}

/** Check md5 {name, md5, parent} (2 §7): bytes the caller may already read are not sent again. */
export async function findByMd5(scope: OrgScope, owners: number[], md5: string) {
  const hash = md5.toLowerCase();
  const found = await readableObjects(scope, owners)
    .select(["o.guid", "o.name"])
    .where("o.md5", "=", hash)
    .where("o.state", "=", objectState.ready)
    .orderBy("o.id")
    .executeTakeFirst();
  return found ? { exist: 1, docid: found.guid, url: fileUrl(found.name), md5: hash } : { exist: 0, docid: "", url: "", md5: hash };
}

/** Bytes the organisation keeps (every upload of the console) and holds for cloud uploads still under way. */
async function bytesHeld(scope: OrgScope, now: number) {
  const kept = await scope.selectFrom("uploads").select(sql<number>`coalesce(sum(bytes), 0)`.as("n")).executeTakeFirstOrThrow();
  const open = await scope
    .selectFrom("cloud_objects")
    .select([sql<number>`coalesce(sum(bytes), 0)`.as("n"), sql<number>`coalesce(sum(case when created_at > ${now - MINUTE} then 1 else 0 end), 0)`.as("recent")])
    .where("state", "=", objectState.uploading)
    .where("created_at", ">", now - cloudDisk.uploadLifeMs)
    .executeTakeFirstOrThrow();
  return { bytes: Number(kept.n) + Number(open.n), recent: Number(open.recent) };
}

const quotaFull = (quotaBytes: number) => fail.bad(imageUpload.messages.full(`${Math.floor(quotaBytes / 1024 / 1024)}M`));

/**
 * Cloud upload token {name} (2 §7): a new upload of this identity, its room in the organisation's
 * quota held while it runs, and the token its tus requests carry. Refused before any byte moves
 * for a type the disk does not take, a size past 100 MB, a full quota or too many at once.
 */
export async function startUpload(scope: OrgScope, input: { name: string; size?: number }, quotaBytes: number, key: Buffer) {
  const ext = extOf(input.name);
  if (!isAllowedExt(ext)) throw fail.bad(messages.badType, "name");
  const size = input.size ?? 0;
  if (size > cloudDisk.maxBytes) throw fail.bad(messages.tooLarge, "size");
  const now = Date.now();
  const guid = randomGuid();
  await scope.transaction(async (tx) => {
    if (tx.dialect === "postgres") await tx.shared.selectFrom("organisations").select("id").where("id", "=", tx.orgId).forUpdate().execute();
    const held = await bytesHeld(tx, now);
    if (held.recent >= cloudDisk.perMinute) throw new ApiError(429, imageUpload.messages.tooFast, 429);
    if (held.bytes + size > quotaBytes) throw quotaFull(quotaBytes);
    await tx.insertInto("cloud_objects", { guid, owner_id: tx.actor.id, ext, bytes: size, created_at: now, updated_at: now }).execute();
  });
  return {
    token: signUpload(key, { guid, orgId: scope.orgId, identityId: scope.actor.id }, now),
    addr: hostPrefixes.cloudDiskUpload + cloudDiskApi.upload.path,
    videoid: guid,
  };
}

/** The upload `guid` of this identity, still open; 文件不存在 for anything else. */
export async function openUpload(scope: OrgScope, guid: string) {
  const row = await scope
    .selectFrom("cloud_objects")
    .select(["id", "ext", "bytes"])
    .where("guid", "=", guid)
    .where("owner_id", "=", scope.actor.id)
    .where("state", "=", objectState.uploading)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** tus creation: the size the upload declares must fit the quota beside everything else held. */
export async function declareSize(scope: OrgScope, guid: string, size: number, quotaBytes: number) {
  await scope.transaction(async (tx) => {
    if (tx.dialect === "postgres") await tx.shared.selectFrom("organisations").select("id").where("id", "=", tx.orgId).forUpdate().execute();
    const own = await openUpload(tx, guid);
    const held = await bytesHeld(tx, Date.now());
    if (held.bytes - Number(own.bytes) + size > quotaBytes) throw quotaFull(quotaBytes);
    await tx.updateTable("cloud_objects", { bytes: size, updated_at: Date.now() }).where("guid", "=", guid).execute();
  });
}

/**
 * A complete upload: its bytes are read once (md5 and type, the server's own findings), moved into
 * the store under a random name and recorded against the quota, all or nothing. An office document
 * then waits for conversion when the server has a converter. A file whose bytes are not its type,
 * or that no longer fits the quota, is refused and removed.
 */
export async function finishUpload(scope: OrgScope, store: DiskStore, guid: string, source: string, quotaBytes: number, canConvert: boolean) {
  const object = await openUpload(scope, guid);
  const failed = async (err: unknown) => {
    await scope.updateTable("cloud_objects", { state: objectState.failed, updated_at: Date.now() }).where("guid", "=", guid).execute();
    await store.dropUpload(guid);
    throw err;
  };
  const found = await inspect(source);
  if (!isAllowedExt(object.ext) || !matchesExt(object.ext, found.head)) return failed(fail.bad(messages.contentMismatch));
  const name = await store.adopt(source, object.ext);
  const office = fileKinds[object.ext] === "office";
  try {
    await scope.transaction(async (tx) => {
      // The rate was held to when the upload began; here only the room counts.
      await recordUpload(tx, { name, bytes: found.bytes }, { quotaBytes, perMinute: Number.POSITIVE_INFINITY });
      await tx
        .updateTable("cloud_objects", {
          state: objectState.ready,
          md5: found.md5,
          name,
          bytes: found.bytes,
          preview_state: office ? (canConvert ? previewState.waiting : previewState.unavailable) : previewState.none,
          updated_at: Date.now(),
        })
        .where("guid", "=", guid)
        .where("state", "=", objectState.uploading)
        .execute();
    });
  } catch (err) {
    await store.remove([name]);
    return failed(err);
  }
  await store.dropUpload(guid);
  return { name, md5: found.md5, office };
}

/** An upload given up (tus termination): its reservation goes. */
export async function abandonUpload(scope: OrgScope, store: DiskStore, guid: string) {
  await scope.deleteFrom("cloud_objects").where("guid", "=", guid).where("owner_id", "=", scope.actor.id).where("state", "<>", objectState.ready).execute();
  await store.dropUpload(guid);
}

/**
 * An object the caller may see: one an item of a disk it reads points at (`owners`), or, by guid,
 * its own upload. Anything else, of this organisation or another, is 文件不存在.
 */
function visible(scope: OrgScope, owners: number[]) {
  return scope
    .selectFrom("cloud_files as f")
    .innerJoin("cloud_objects as o", "o.id", "f.object_id")
    .select(["o.guid", "o.ext", "o.name", "o.state", "o.preview_state", "o.preview_name", "o.owner_id"])
    .where("f.owner_id", "in", owners)
    .limit(1);
}

/** Upload status {docid} (2 §7): Status 1 once the file can be viewed, 0 while it is uploaded or converted, 2 failed. */
export async function statusOf(scope: OrgScope, owners: number[], guid: string) {
  const object = await readableObjects(scope, owners)
    .select(["o.ext", "o.name", "o.state", "o.preview_state", "o.preview_name"])
    .where("o.guid", "=", guid)
    .executeTakeFirst();
  if (!object) throw notFound();
  if (object.state === objectState.failed) return { Status: uploadStatus.failed, url: "" };
  const { url } = viewOf({ file_type: 1, ext_name: object.ext, o_name: object.name, state: object.state, preview_state: object.preview_state, preview_name: object.preview_name });
  return { Status: url ? uploadStatus.ready : uploadStatus.converting, url };
}

/** Media url {videoid} (2 §7): a signed address of the file, valid for a few minutes without a session. */
export async function signedUrlOf(scope: OrgScope, owners: number[], guid: string, key: Buffer) {
  const object = await visible(scope, owners).where("o.guid", "=", guid).where("o.state", "=", objectState.ready).executeTakeFirst();
  if (!object) throw notFound();
  return { url: `${fileUrl(object.name)}?${signedQuery(key, object.name)}`, expires_in: cloudDisk.signedUrlSeconds };
}

/** Whether a stored file (an upload or its converted PDF) belongs to an item the caller may see. */
export async function canSeeFile(scope: OrgScope, owners: number[], name: string): Promise<boolean> {
  const row = await visible(scope, owners)
    .where((eb) => eb.or([eb("o.name", "=", name), eb("o.preview_name", "=", name)]))
    .executeTakeFirst();
  return !!row;
}
