import { sql } from "kysely";
import { roomLimits, roomMessages } from "../../../resources/rooms/room-api";
import type { OrgScope } from "../../engine/org-scope";
import { STALE_MS, type Connection } from "./presence";
import type { RoomGrant } from "./room-token";

const MINUTE = 60_000;

/**
 * Runs `fn` in a transaction that no other caller of the same `name` runs beside, in any process:
 * on PostgreSQL under a transaction-scoped advisory lock of that name; SQLite has one writer, whose
 * transaction already excludes every other. A count read inside then stays true until the commit,
 * so a limit counted from the rows themselves holds however many pages ask at once.
 */
export function oneAtATime<R>(scope: OrgScope, name: string, fn: (tx: OrgScope) => Promise<R>): Promise<R> {
  return scope.transaction(async (tx) => {
    if (tx.dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx.shared);
    return fn(tx);
  });
}

const counted = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/** A page let into a room, with the person's pages it replaces; or why it is not. */
export type Admission = { replaced: string[] } | { refusal: string };

/**
 * Lets a page into a live room and writes its viewer log row (room_visits), or says why not, with
 * the limits counted from the visits of every process (resources/rooms/room-api.ts roomLimits):
 *
 * - a person opens at most `joinsPerMinute` pages of a room a minute (reloads, reconnections); a
 *   script opening hundreds on one token is turned away after them;
 * - a person holds at most `pagesPerViewer` pages open: the newest wins and the oldest are named
 *   in `replaced`, to be closed with a message wherever they are;
 * - a share-link guest comes in only while fewer than `guestPagesPerAddress` guests from its
 *   address, and `guestPagesPerLive` guests in all, are in the live;
 * - a small class's live room takes `smallClassViewers` people besides its staff (a viewer's
 *   further page is no new viewer).
 */
export async function admitVisit(
  scope: OrgScope,
  grant: RoomGrant,
  c: Connection,
  smallClass: boolean,
  now: number,
  /** What is written with the visit, in its transaction (one commit, not two). */
  withVisit: (tx: OrgScope, visitId: number, firstPage: boolean) => Promise<void>,
): Promise<Admission> {
  return oneAtATime(scope, `room-visits:${grant.liveId}`, async (tx) => {
    // The person's visits of the last minute and the open ones: the few rows both limits read.
    const own = await tx
      .selectFrom("room_visits")
      .select(["conn", "entered_at", "left_at"])
      .where("live_id", "=", grant.liveId)
      .where("viewer_key", "=", grant.key)
      .where("play_type", "=", grant.playType)
      .where((eb) => eb.or([eb("entered_at", ">", now - MINUTE), eb("left_at", "is", null)]))
      .orderBy("id", "desc")
      .execute();
    if (own.filter((v) => v.entered_at > now - MINUTE).length >= roomLimits.joinsPerMinute) return { refusal: roomMessages.joinsTooFast };
    if (grant.role === "guest") {
      const guests = await tx
        .selectFrom("room_visits")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.case().when("ip", "=", c.ip).then(1).else(0).end()).as("here")])
        // Literal values, as the partial index room_visits_open_guest is written (migration 0023).
        .where("live_id", "=", grant.liveId)
        .where("left_at", "is", null)
        .where("role", "=", sql.lit("guest"))
        .executeTakeFirstOrThrow();
      if (Number(guests.here) >= roomLimits.guestPagesPerAddress) return { refusal: roomMessages.guestsFromAddressFull };
      if (Number(guests.n) >= roomLimits.guestPagesPerLive) return { refusal: roomMessages.guestsFull };
    }
    if (smallClass && grant.playType === 1 && (grant.role === "student" || grant.role === "guest") && (await viewersBesides(tx, grant, now)) >= roomLimits.smallClassViewers)
      return { refusal: roomMessages.smallClassFull };
    const open = own.filter((v) => v.left_at === null);
    const visit = await tx
      .insertInto("room_visits", {
        live_id: grant.liveId,
        identity_id: grant.identityId || null,
        viewer_key: grant.key,
        username: grant.name.slice(0, 64),
        role: grant.role,
        play_type: grant.playType,
        device: c.device,
        ip: c.ip,
        exparam: grant.exparam.slice(0, 200),
        node: c.node,
        conn: c.conn,
        entered_at: now,
        left_at: null,
        seen_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Its person's only page there (a view of its own), or one of several.
    await withVisit(tx, visit.id, open.length === 0);
    return { replaced: open.slice(roomLimits.pagesPerViewer - 1).map((v) => v.conn) };
  });
}

/** People other than the grant's in its live room who are not its staff: what a small class counts. */
async function viewersBesides(scope: OrgScope, grant: RoomGrant, now: number): Promise<number> {
  return counted(
    scope
      .selectFrom("room_visits")
      .select((eb) => eb.fn.count<number>("viewer_key").distinct().as("n"))
      .where("live_id", "=", grant.liveId)
      .where("play_type", "=", 1)
      .where("left_at", "is", null)
      .where("seen_at", ">=", now - STALE_MS)
      .where("role", "in", ["student", "guest"])
      .where("viewer_key", "<>", grant.key),
  );
}

/**
 * Whether a person may send one more message to a live: fewer than `chatBurst` of theirs stored in
 * the last `chatWindowMs`, all their pages together, in every process. `store` writes it, in the
 * same transaction as the count.
 */
export async function withinChatLimit<R>(scope: OrgScope, grant: RoomGrant, now: number, store: (tx: OrgScope) => Promise<R>): Promise<R | null> {
  return oneAtATime(scope, `room-chat:${grant.liveId}:${grant.key}`, async (tx) => {
    const recent = await counted(
      tx
        .selectFrom("room_chats")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("live_id", "=", grant.liveId)
        .where("viewer_key", "=", grant.key)
        .where("created_at", ">", now - roomLimits.chatWindowMs),
    );
    return recent >= roomLimits.chatBurst ? null : store(tx);
  });
}
