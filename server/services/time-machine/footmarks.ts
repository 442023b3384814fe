import { timeMachineMessages, timeMachineSettings } from "../../../resources/time-machine/time-machine";
import { roomMessages } from "../../../resources/rooms/room-api";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import type { RoomGrant } from "../rooms/room-token";
import { oneAtATime } from "../rooms/viewer-limits";
import { recordUpload } from "../uploads";

/** A refusal the room keeps to itself (it captures again later), in words a caller can read. */
const refuse = (msg: string, code = 403) => new ApiError(code, msg, code === 429 ? 429 : undefined);

/** Who sends frames: the live's teacher in the live room, whose own stream the frames are (broadcast.ts admits teachers). */
export const canCapture = (grant: RoomGrant) => grant.role === "teacher" && grant.playType === 1;

const lock = (liveId: number) => `footmarks:${liveId}`;

const counted = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/**
 * Why a frame of this person would be refused now, or null: the live gone, the person's rate (a few
 * in any capture period), the
 * live's maximum. Read before a byte of the file (a flood is turned away without touching the disk)
 * and again with the insert, one live at a time, so two pages racing cannot both pass.
 */
async function refusal(tx: OrgScope, grant: RoomGrant, now: number, periodMs: number): Promise<ApiError | null> {
  const live = await tx.selectFrom("lives").select("voided").where("id", "=", grant.liveId).executeTakeFirst();
  if (!live) return refuse(roomMessages.liveNotFound);
  if (live.voided) return refuse(roomMessages.voided);
  const frames = tx.selectFrom("live_footmarks").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", grant.liveId);
  const recent = frames.where("viewer_key", "=", grant.key).where("taken_at", ">", now - periodMs);
  if ((await counted(recent)) >= timeMachineSettings.burst) return refuse(timeMachineMessages.tooFast, 429);
  if ((await counted(frames)) >= timeMachineSettings.perLive) return refuse(timeMachineMessages.full);
  return null;
}

/** Refuses, before the file is read, a frame that could not be kept. */
export async function needFrameRoom(scope: OrgScope, grant: RoomGrant, periodMs: number, now: number): Promise<void> {
  if (!canCapture(grant)) throw refuse(timeMachineMessages.teacherOnly);
  const problem = await oneAtATime(scope, lock(grant.liveId), (tx) => refusal(tx, grant, now, periodMs));
  if (problem) throw problem;
}

/**
 * Records a stored frame of the live, or refuses it (the caller then removes the file): the rules
 * above once more, and the organisation's upload quota, in the transaction of the insert.
 */
export async function recordFrame(scope: OrgScope, grant: RoomGrant, file: { name: string; bytes: number }, limits: { quotaBytes: number; periodMs: number }, now: number): Promise<void> {
  await oneAtATime(scope, lock(grant.liveId), async (tx) => {
    const problem = await refusal(tx, grant, now, limits.periodMs);
    if (problem) throw problem;
    // The organisation's storage holds the frame: it counts against the quota as every upload does; the room's own rate is counted above.
    await recordUpload(tx, file, { quotaBytes: limits.quotaBytes, perMinute: Number.POSITIVE_INFINITY }, now);
    await tx.insertInto("live_footmarks", { live_id: grant.liveId, viewer_key: grant.key, name: file.name, bytes: file.bytes, taken_at: now }).execute();
  });
}

/** 2 §3 "time machine": the frames' times in order, and each frame by its time. */
export interface Footmark {
  title: string;
  timesort: number[];
  imagelist: Record<string, { ts: number; url: string }>;
}

/** A live's frames (2 §7 footmark), each at `urlOf(name)`; a live of another organisation is no live. */
export async function footmarkOf(scope: OrgScope, liveId: number, urlOf: (name: string) => string): Promise<Footmark | null> {
  const live = await scope.selectFrom("lives").select("title").where("id", "=", liveId).executeTakeFirst();
  if (!live) return null;
  const rows = await scope
    .selectFrom("live_footmarks")
    .select(["name", "taken_at"])
    .where("live_id", "=", liveId)
    .orderBy("taken_at")
    .orderBy("id")
    .limit(timeMachineSettings.perLive)
    .execute();
  const timesort: number[] = [];
  const imagelist: Footmark["imagelist"] = {};
  for (const row of rows) {
    const ts = Number(row.taken_at);
    // Two frames in one millisecond (two teachers) keep the first: the timeline is keyed by time.
    if (imagelist[ts]) continue;
    timesort.push(ts);
    imagelist[ts] = { ts, url: urlOf(row.name) };
  }
  return { title: live.title, timesort, imagelist };
}

/** Whether a stored frame is one of this organisation's: the only ones its staff are served. */
export async function isOwnFrame(scope: OrgScope, name: string): Promise<boolean> {
  return !!(await scope.selectFrom("live_footmarks").select("id").where("name", "=", name).executeTakeFirst());
}
