import { roomLimits, roomMessages, type RoomChapter } from "../../../resources/rooms/room-api";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import type { RoomGrant } from "./room-token";
import { oneAtATime } from "./viewer-limits";

/** A refusal the room shows as it is, as the room's other refusals (room-access.ts). */
const refuse = (msg: string) => new ApiError(403, msg);

/**
 * Who marks chapters: whoever publishes the broadcast, i.e. one of the live's teachers in the live
 * room (broadcast.ts admits no one else; an assistant given the floor would publish, and so mark,
 * once the room has a floor to give).
 */
export const canMarkChapters = (grant: RoomGrant) => grant.role === "teacher" && grant.playType === 1;

/** The live's chapters in the order of its recording. */
export async function chaptersOf(scope: OrgScope, liveId: number): Promise<RoomChapter[]> {
  const rows = await scope
    .selectFrom("live_chapters")
    .select(["id", "title", "offset_ms"])
    .where("live_id", "=", liveId)
    .orderBy("offset_ms")
    .orderBy("id")
    .limit(roomLimits.chaptersPerLive)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, offset_ms: Number(r.offset_ms) }));
}

/**
 * Stores a chapter at `offsetMs` of the live's recording (the broadcast's clock, broadcast.ts), or
 * refuses: a live holds at most `chaptersPerLive`, and one person marks at most `chapterBurst` in
 * `chapterWindowMs`. Both are counted from the rows in one transaction held per live (viewer-limits.ts),
 * so they hold across processes and two teachers marking at once.
 */
export async function markChapter(scope: OrgScope, grant: RoomGrant, title: string, offsetMs: number, now: number): Promise<RoomChapter> {
  return oneAtATime(scope, `room-chapters:${grant.liveId}`, async (tx) => {
    // The token's live, read through its organisation's scope (a chapter is a child of a live of that organisation).
    const live = await tx.selectFrom("lives").select("id").where("id", "=", grant.liveId).where("voided", "=", 0).executeTakeFirst();
    if (!live) throw refuse(roomMessages.liveNotFound);
    const count = async (recentOnly: boolean) => {
      let q = tx.selectFrom("live_chapters").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", grant.liveId);
      if (recentOnly) q = q.where("viewer_key", "=", grant.key).where("created_at", ">", now - roomLimits.chapterWindowMs);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    if ((await count(false)) >= roomLimits.chaptersPerLive) throw refuse(roomMessages.chaptersFull);
    if ((await count(true)) >= roomLimits.chapterBurst) throw new ApiError(429, roomMessages.chapterTooFast);
    const row = await tx
      .insertInto("live_chapters", { live_id: grant.liveId, offset_ms: offsetMs, title: title.trim(), viewer_key: grant.key, created_at: now })
      .returning(["id", "title", "offset_ms"])
      .executeTakeFirstOrThrow();
    return { id: row.id, title: row.title, offset_ms: Number(row.offset_ms) };
  });
}
