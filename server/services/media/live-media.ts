import fs from "node:fs";
import { audioStates, mediaMessages, type AudioItem } from "../../../resources/vod/media-api";
import { cloudDiskApi } from "../../../resources/cloud-disk/cloud-disk";
import { hostPrefixes } from "../../config";
import { enqueue } from "../../engine/jobs";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { needSession } from "./media";
import { mediaUrl, type MediaStore } from "./store";

export const audioKind = "media.audio";
export const audioSubject = (liveId: number) => `audio:${liveId}`;

/** The recordings of a live still out of the recycle bin, first made first. */
const recordingsOf = (scope: OrgScope, liveId: number) =>
  scope.selectFrom("live_recordings").select(["id", "name", "url", "size_bytes", "duration_seconds"]).where("live_id", "=", liveId).where("deleted_at", "is", null).orderBy("id");

/** Queues the audio extraction of a live's recordings (2 §4) with its status row, in one transaction; a conversion under way is not queued twice. */
export async function startAudio(scope: OrgScope, liveId: number, canConvert: boolean, now = Date.now()) {
  if (!canConvert) throw fail.bad(mediaMessages.noFfmpeg);
  await scope.transaction(async (tx) => {
    await needSession(tx, liveId);
    if (!(await recordingsOf(tx, liveId).executeTakeFirst())) throw fail.bad(mediaMessages.noReplay, "liveid");
    const current = await tx.selectFrom("live_audio").select("status").where("live_id", "=", liveId).executeTakeFirst();
    if (current?.status === audioStates.converting) return;
    await tx
      .insertInto("live_audio", { live_id: liveId, status: audioStates.converting, updated_at: now })
      .onConflict((oc) => oc.column("live_id").doUpdateSet({ status: audioStates.converting, updated_at: now }))
      .execute();
    await enqueue(tx.shared, { kind: audioKind, orgId: tx.orgId, subject: audioSubject(liveId), payload: { liveId }, maxAttempts: 3 }, now);
  });
}

export async function audioStatus(scope: OrgScope, liveId: number) {
  await needSession(scope, liveId);
  const row = await scope.selectFrom("live_audio").select(["status", "meta_name"]).where("live_id", "=", liveId).executeTakeFirst();
  const status = row?.status ?? audioStates.notConverted;
  return { status, meta_url: status === audioStates.done ? mediaUrl(row!.meta_name) : "" };
}

/** The audio files of a live once converted, as its meta list names them (2 §4: loaded from meta_url); none before. */
export async function audioFiles(scope: OrgScope, store: MediaStore, liveId: number): Promise<AudioItem[]> {
  await needSession(scope, liveId);
  const row = await scope.selectFrom("live_audio").select("meta_name").where("live_id", "=", liveId).where("status", "=", audioStates.done).executeTakeFirst();
  if (!row?.meta_name) return [];
  const text = await fs.promises.readFile(store.pathOf(row.meta_name), "utf8").catch(() => "[]");
  return JSON.parse(text) as AudioItem[];
}

/** The replay's download address (2 §7 video download): the live's first recording. */
export async function replayDownload(scope: OrgScope, liveId: number) {
  const live = await needSession(scope, liveId);
  const first = await recordingsOf(scope, liveId).executeTakeFirst();
  if (!first) throw fail.bad(mediaMessages.noReplay, "liveid");
  return { url: first.url, title: live.title };
}

/** The cloud disk file ids a live's CloudDiskFiles names: a JSON list of ids, or of items carrying one (Id, id or docid). */
function courseware(text: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed.map((x) => (typeof x === "object" && x ? ((x as Record<string, unknown>).Id ?? (x as Record<string, unknown>).id ?? (x as Record<string, unknown>).docid) : x));
  return [...new Set(ids.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647))];
}

/**
 * A live's courseware (2 §7 download doc list), as the cloud disk serves it; `address` turns a
 * file's address and stored name into the one handed out (the room signs it for its viewers, who
 * have no session the cloud disk would accept).
 */
export async function roomDocs(scope: OrgScope, liveId: number, address: (url: string, stored: string) => string = (url) => url) {
  const live = await needSession(scope, liveId);
  const ids = courseware(live.cloud_disk_files);
  if (!ids.length) return [];
  const rows = await scope
    .selectFrom("cloud_files as f")
    .innerJoin("cloud_objects as o", "o.id", "f.object_id")
    .select(["f.id", "f.name", "f.ext_name", "o.bytes", "o.name as stored"])
    .where("f.id", "in", ids)
    .where("f.file_type", "!=", 0)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => !!r)
    .map((r) => ({
      Id: r.id,
      Name: r.name,
      Size: Number(r.bytes),
      Url: address(hostPrefixes.cloudDisk + cloudDiskApi.file.path.replace(":name", r.stored) + `/${encodeURIComponent(r.name)}`, r.stored),
      Type: r.ext_name,
    }));
}
