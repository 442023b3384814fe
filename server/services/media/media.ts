import { sql } from "kysely";
import { mediaConflictCode, mediaLimits, mediaMessages, type MediaFile } from "../../../resources/vod/media-api";
import { hostPrefixes } from "../../config";
import { enqueue, cancelJobs } from "../../engine/jobs";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { mediaApi } from "../../../resources/vod/media-api";
import { formatDateTime } from "../datetime";
import { mediaUrl, storedNameOf, type MediaStore } from "./store";
import fs from "node:fs";

export const transcodeKind = "media.transcode";
export const mediaSubject = (id: number) => `media:${id}`;
const DAY = 86_400_000;

const columns = ["id", "live_id", "idx", "filename", "state", "reason", "output_name", "poster_name", "duration", "size", "created_at"] as const;
type Row = { id: number; live_id: number; idx: number; filename: string; state: string; reason: string; output_name: string; poster_name: string; duration: number; size: number; created_at: number };

const toWire = (r: Row): MediaFile => ({
  video_id: r.id,
  roomid: r.live_id,
  idx: r.idx,
  filename: r.filename,
  transcode_state: r.state,
  reason: r.reason,
  transcode_url: r.state === "success" ? mediaUrl(r.output_name) : "",
  poster_url: mediaUrl(r.poster_name),
  duration: r.duration,
  size: Number(r.size),
});

/** On shelf by idx, then off shelf, then the rest, each by upload (3 §3). */
const rank = (r: Row) => (r.idx > 0 ? 0 : r.idx < 0 ? 1 : 2);
const byShelf = (a: Row, b: Row) => rank(a) - rank(b) || (rank(a) === 0 ? a.idx - b.idx : 0) || a.id - b.id;

/** A live of the caller's organisation (a recorded session is one); refused with mediaMessages.noSession otherwise. */
export async function needSession(scope: OrgScope, liveId: number): Promise<{ id: number; title: string; cloud_disk_files: string }> {
  const live = await scope.selectFrom("lives").select(["id", "title", "cloud_disk_files"]).where("id", "=", liveId).where("voided", "=", 0).executeTakeFirst();
  if (!live) throw fail.bad(mediaMessages.noSession, "roomid");
  return live;
}

async function rowsOf(scope: OrgScope, liveIds: readonly number[]): Promise<Row[]> {
  if (!liveIds.length) return [];
  const rows = await scope.selectFrom("media_files").select(columns).where("live_id", "in", liveIds).where("deleted_at", "is", null).execute();
  return (rows as Row[]).sort(byShelf);
}

async function versionOf(scope: OrgScope, liveId: number): Promise<number> {
  const row = await scope.selectFrom("media_versions").select("version").where("live_id", "=", liveId).executeTakeFirst();
  return row?.version ?? 0;
}

/** Every change of a session's order goes through here, so a reorder made on a stale list is caught (3 §8). */
async function bumpVersion(scope: OrgScope, liveId: number): Promise<number> {
  await scope
    .insertInto("media_versions", { live_id: liveId, version: 1 })
    .onConflict((oc) => oc.column("live_id").doUpdateSet({ version: sql`media_versions.version + 1` }))
    .execute();
  return versionOf(scope, liveId);
}

export async function mediaList(scope: OrgScope, liveId: number) {
  await needSession(scope, liveId);
  return { media_list: (await rowsOf(scope, [liveId])).map(toWire), version: await versionOf(scope, liveId) };
}

export async function mediaTable(scope: OrgScope, liveIds: readonly number[]) {
  const ids = [...new Set(liveIds)];
  const found = await scope.selectFrom("lives").select("id").where("id", "in", ids).execute();
  const rows = await rowsOf(
    scope,
    found.map((l) => l.id),
  );
  return found.map((l) => ({ roomid: l.id, media_list: rows.filter((r) => r.live_id === l.id).map(toWire) }));
}

export interface SequenceInput {
  roomid: number;
  content: { video_id: number; idx: number }[];
  version: number;
  overwrite?: boolean;
}

/**
 * Saves a session's order in one transaction, whole or not at all: the version row is held (FOR
 * UPDATE on PostgreSQL; SQLite has one writer) while the list is checked and written, and the idx
 * of every listed video is set by one statement, so 500 videos cost one round trip, not 500.
 */
export async function saveSequence(scope: OrgScope, input: SequenceInput) {
  return scope.transaction(async (tx) => {
    await needSession(tx, input.roomid);
    await tx.insertInto("media_versions", { live_id: input.roomid, version: 0 }).onConflict((oc) => oc.column("live_id").doNothing()).execute();
    const held = await tx
      .selectFrom("media_versions")
      .select("version")
      .where("live_id", "=", input.roomid)
      .$if(tx.dialect === "postgres", (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const rows = await rowsOf(tx, [input.roomid]);
    if (held.version !== input.version && !input.overwrite)
      throw new ApiError(mediaConflictCode, mediaMessages.conflict, 200, { media_list: rows.map(toWire), version: held.version });
    const stored = new Map(rows.map((r) => [r.id, r]));
    const seen = new Set<number>();
    for (const item of input.content) {
      const row = stored.get(item.video_id);
      if (!row) throw fail.bad(mediaMessages.notInSession, "content");
      if (seen.has(item.video_id)) throw fail.bad(mediaMessages.repeated, "content");
      seen.add(item.video_id);
      if (item.idx > 0 && row.state !== "success") throw fail.bad(mediaMessages.notTranscoded, "content");
    }
    // On shelf in the order asked, numbered 1, 2, … so the list reads the same whatever gaps were sent.
    const onShelf = input.content
      .map((item, at) => ({ ...item, at }))
      .filter((i) => i.idx > 0)
      .sort((a, b) => a.idx - b.idx || a.at - b.at);
    const place = new Map(input.content.map((i) => [i.video_id, -1]));
    onShelf.forEach((i, n) => place.set(i.video_id, n + 1));
    if (place.size) {
      const cases = sql.join([...place].map(([id, idx]) => sql`when ${id} then ${idx}`), sql` `);
      await tx
        .updateTable("media_files", { idx: sql<number>`case id ${cases} else idx end` })
        .where("live_id", "=", input.roomid)
        .where("id", "in", [...place.keys()])
        .execute();
    }
    const version = await bumpVersion(tx, input.roomid);
    return { media_list: (await rowsOf(tx, [input.roomid])).map(toWire), version };
  });
}

/** A file name as typed by a person: no folder in it and nothing that is not text. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const badName = /[/\\\u0000-\u001f\u007f]/;

export async function startUpload(scope: OrgScope, store: MediaStore, input: { roomid: number; filename: string; size: number }, now = Date.now()) {
  const filename = input.filename.trim();
  if (!filename || badName.test(filename) || filename === "." || filename === "..") throw fail.bad(mediaMessages.badName, "filename");
  const ext = filename.includes(".") ? filename.slice(filename.lastIndexOf(".") + 1).toLowerCase() : "";
  if (!(mediaLimits.types as readonly string[]).includes(ext)) throw fail.bad(mediaMessages.badType, "filename");
  await needSession(scope, input.roomid);
  const source = store.newName(ext);
  const row = await scope
    .insertInto("media_files", { live_id: input.roomid, filename, source_name: source, size: input.size, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { token: source, url: hostPrefixes.uploadVod + mediaApi.tus.path, video_id: row.id };
}

/** The upload in progress whose token (its source name) a tus request carries: this organisation's, not yet handed to the transcode. */
export async function openUpload(scope: OrgScope, token: string) {
  return scope
    .selectFrom("media_files")
    .select(["id", "size"])
    .where("source_name", "=", token)
    .where("state", "=", "")
    .where("output_name", "=", "")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** A video of the organisation not in the recycle bin; `hold` keeps two completions of one upload on PostgreSQL from both queuing its transcode. */
async function needVideo(scope: OrgScope, id: number, hold = false) {
  const row = await scope
    .selectFrom("media_files")
    .select([...columns, "source_name"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .$if(hold && scope.dialect === "postgres", (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw fail.bad(mediaMessages.noVideo, "video_id");
  return row as Row & { source_name: string };
}

/** The upload is whole: the transcode is queued with the check (one transaction), or, without ffmpeg, the video fails at once. */
export async function completeUpload(scope: OrgScope, store: MediaStore, id: number, canTranscode: boolean, now = Date.now()): Promise<MediaFile> {
  return scope.transaction(async (tx) => {
    const row = await needVideo(tx, id, true);
    if (row.state !== "" || row.output_name) return toWire(row);
    const bytes = (await fs.promises.stat(store.incomingPathOf(row.source_name)).catch(() => null))?.size;
    if (bytes !== Number(row.size)) throw fail.bad(mediaMessages.notUploaded, "video_id");
    if (!canTranscode) {
      await tx.updateTable("media_files", { state: "failed", reason: mediaMessages.noFfmpeg }).where("id", "=", id).execute();
      return toWire({ ...row, state: "failed", reason: mediaMessages.noFfmpeg });
    }
    const subject = mediaSubject(id);
    const queued = await tx.shared.selectFrom("jobs").select("id").where("subject", "=", subject).where("state", "in", ["queued", "running"]).executeTakeFirst();
    if (!queued) await enqueue(tx.shared, { kind: transcodeKind, orgId: tx.orgId, subject, payload: { id }, maxAttempts: 3 }, now);
    return toWire(row);
  });
}

/** Into the recycle bin, off shelf, its jobs cancelled. */
export async function removeVideo(scope: OrgScope, id: number, now = Date.now()) {
  await scope.transaction(async (tx) => {
    const row = await needVideo(tx, id);
    await tx.updateTable("media_files", { deleted_at: now, idx: -1 }).where("id", "=", id).execute();
    await cancelJobs(tx.shared, mediaSubject(id), now);
    await bumpVersion(tx, row.live_id);
  });
}

/** A live's recordings into the recycle bin (the playback room stops playing them); refused when it has none out of it. */
export async function removeRecordings(scope: OrgScope, liveId: number, now = Date.now()) {
  await scope.transaction(async (tx) => {
    await needSession(tx, liveId);
    const r = await tx.updateTable("live_recordings", { deleted_at: now }).where("live_id", "=", liveId).where("deleted_at", "is", null).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw fail.bad(mediaMessages.noReplay, "id");
  });
}

export type RecycleKind = "media" | "recording";

export async function recycled(scope: OrgScope, page: number, count: number) {
  const media = await scope
    .selectFrom("media_files as m")
    .innerJoin("lives as l", "l.id", "m.live_id")
    .select(["m.id", "m.filename", "m.live_id", "l.title", "m.deleted_at"])
    .where("m.deleted_at", "is not", null)
    .execute();
  const recordings = await scope
    .selectFrom("live_recordings as r")
    .innerJoin("lives as l", "l.id", "r.live_id")
    .select(["r.id", "r.name as filename", "r.live_id", "l.title", "r.deleted_at"])
    .where("r.deleted_at", "is not", null)
    .execute();
  const all = [...media.map((r) => ({ kind: "media" as const, ...r })), ...recordings.map((r) => ({ kind: "recording" as const, ...r }))].sort(
    (a, b) => Number(b.deleted_at) - Number(a.deleted_at) || b.id - a.id,
  );
  const rows = all.slice((page - 1) * count, page * count).map((r) => ({
    key: `${r.kind}:${r.id}`,
    kind: r.kind,
    id: r.id,
    filename: r.filename,
    roomid: r.live_id,
    title: r.title,
    deleted_at: formatDateTime(Number(r.deleted_at)),
    purge_at: formatDateTime(Number(r.deleted_at) + mediaLimits.recycleDays * DAY),
  }));
  return { rows, total: all.length };
}

const notInBin = () => fail.bad("回收站中没有该文件", "id");

export async function restore(scope: OrgScope, kind: RecycleKind, id: number) {
  await scope.transaction(async (tx) => {
    if (kind === "recording") {
      const r = await tx.updateTable("live_recordings", { deleted_at: null }).where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notInBin();
      return;
    }
    const row = await tx.selectFrom("media_files").select("live_id").where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
    if (!row) throw notInBin();
    await tx.updateTable("media_files", { deleted_at: null, idx: -1 }).where("id", "=", id).execute();
    await bumpVersion(tx, row.live_id);
  });
}


export async function purge(scope: OrgScope, store: MediaStore, kind: RecycleKind, id: number) {
  const names = await scope.transaction(async (tx) => {
    if (kind === "recording") {
      const r = await tx.selectFrom("live_recordings").select("url").where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
      if (!r) throw notInBin();
      await tx.deleteFrom("live_recordings").where("id", "=", id).execute();
      const name = storedNameOf(r.url);
      // The demo's recordings share one file: it goes with the last row naming it.
      const still =
        name &&
        ((await tx.selectFrom("live_recordings").select("id").where("url", "=", r.url).executeTakeFirst()) ||
          (await tx.selectFrom("media_files").select("id").where("output_name", "=", name).executeTakeFirst()));
      return name && !still ? [name] : [];
    }
    const m = await tx.selectFrom("media_files").select(["source_name", "output_name", "poster_name"]).where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
    if (!m) throw notInBin();
    await tx.deleteFrom("media_files").where("id", "=", id).execute();
    await cancelJobs(tx.shared, mediaSubject(id));
    return [m.source_name, m.output_name, m.poster_name].filter(Boolean);
  });
  await store.remove(...names);
}
