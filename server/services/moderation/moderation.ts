import { chatAudit, moderationMessages, type ChatMonitorRow } from "../../../resources/moderation/moderation-api";
import { chatMsgText, chatTextOf, roomMessages } from "../../../resources/rooms/room-api";
import type { RoomChat } from "../../../resources/rooms/room-protocol";
import type { PresenceRole } from "../../../resources/rooms/room-api";
import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { formatDateTime } from "../datetime";
import type { BusEvent } from "../rooms/bus";
import { chatTextCheck } from "../rooms/chat";

/** Hands a room event to every process's room of the live (the hub's bus, server/services/rooms/bus.ts). */
export type Publish = (event: BusEvent) => Promise<void>;

/** The audit log's name for a chat message (resources/platform/audit-log.ts). */
const chatAuditResource = chatAudit.resource;

/** What each action does to a message's review state (2 §4): from one state, to another. */
const moves = {
  pass: { from: 0, to: 1 },
  ban: { from: 0, to: -1 },
  revoke: { from: 1, to: -1 },
} as const;
export type ReviewMove = keyof typeof moves;

async function liveOf(scope: OrgScope, liveid: number) {
  const live = await scope.selectFrom("lives").select("id").where("id", "=", liveid).executeTakeFirst();
  if (!live) throw fail.notFound("直播");
  return live.id;
}

const roomChatOf = (r: { id: number; viewer_key: string; name: string; role: string; msg: string; created_at: number; to_key: string | null }): RoomChat => ({
  id: r.id,
  key: r.viewer_key,
  name: r.name,
  role: r.role as PresenceRole,
  txt: chatTextOf(r.msg),
  time: formatDateTime(r.created_at),
  held: false,
  ...(r.to_key ? { to: r.to_key } : {}),
});

/**
 * Passes, bans or revokes messages of one live: all of them or none. Every id must be a message of
 * this live of the caller's organisation (another live's or organisation's, or none, refuses the
 * whole list), and every one must still be in the state the action starts from: the change is one
 * conditional update inside a transaction, so when another moderator acted first on any of them the
 * count falls short, the transaction is undone, and this moderator is told. Each change is audited in
 * the same transaction; the room is told after it commits (a passed message shown to all, a banned or
 * revoked one taken off every screen).
 */
export async function reviewChats(scope: OrgScope, publish: Publish, move: ReviewMove, q: { liveid: number; chatids: number[] }): Promise<number> {
  const { from, to } = moves[move];
  const ids = [...new Set(q.chatids)];
  const liveId = await liveOf(scope, q.liveid);
  const changed = await scope.transaction(async (tx) => {
    const found = await tx.selectFrom("room_chats").select("id").where("live_id", "=", liveId).where("id", "in", ids).execute();
    if (found.length !== ids.length) throw fail.bad(moderationMessages.notOfLive, "chatids");
    const rows = await tx
      .updateTable("room_chats", { review: to, held: 0 })
      .where("live_id", "=", liveId)
      .where("id", "in", ids)
      .where("review", "=", from)
      .returning(["id", "viewer_key", "name", "role", "msg", "created_at", "to_key"])
      .execute();
    if (rows.length !== ids.length) throw fail.bad(moderationMessages.handledElsewhere, "chatids");
    for (const r of rows) await recordAudit(tx, { resource: chatAuditResource, recordId: r.id, action: "update", before: { type: from }, after: { type: to } });
    return rows;
  });
  if (to === 1) for (const r of changed) await publish({ k: "chat", live: liveId, chat: roomChatOf(r) });
  else await publish({ k: "chatGone", live: liveId, ids: changed.map((r) => r.id) });
  return changed.length;
}

export interface ReplyBody {
  liveid: number;
  /** 0 (or "0"): everyone in the room; else the viewer's key as the list answers it. */
  userid: string | number;
  userdbid?: number;
  /** JSON text `{"content": {"txt"}, "type": 1}` (2 §3). */
  msg: string;
}

/**
 * A moderator's message in the room (2 §7 chat reply): approved at once, shown to everyone, or
 * only to the viewer it answers (and the staff) when `userid` names one. That viewer must have
 * chatted in this live. The text is judged as the room judges a message and shown as text.
 */
export async function replyChat(scope: OrgScope, publish: Publish, body: ReplyBody, now: number): Promise<RoomChat> {
  const checked = chatTextCheck(chatTextOf(body.msg));
  if ("refusal" in checked) throw fail.bad(checked.refusal === roomMessages.chatEmpty ? moderationMessages.replyEmpty : moderationMessages.replyTooLong, "msg");
  const liveId = await liveOf(scope, body.liveid);
  const toKey = String(body.userid) === "0" ? null : String(body.userid);
  if (toKey) {
    const spoke = await scope.selectFrom("room_chats").select("id").where("live_id", "=", liveId).where("viewer_key", "=", toKey).where("role", "in", ["student", "guest"]).limit(1).executeTakeFirst();
    if (!spoke) throw fail.bad(moderationMessages.noSuchViewer, "userid");
  }
  const row = await scope.transaction(async (tx) => {
    const stored = await tx
      .insertInto("room_chats", {
        live_id: liveId,
        identity_id: scope.actor.id,
        // The moderator as the room keys an identity (room-token.ts), so their own page shows it as theirs.
        viewer_key: `i${scope.actor.id}`,
        name: scope.actor.name.slice(0, 64),
        role: "admin",
        msg: chatMsgText(checked.txt),
        review: 1,
        held: 0,
        to_key: toKey,
        created_at: now,
      })
      .returning(["id", "viewer_key", "name", "role", "msg", "created_at", "to_key"])
      .executeTakeFirstOrThrow();
    await recordAudit(tx, { resource: chatAuditResource, recordId: stored.id, action: "create", after: { msg: checked.txt, userid: toKey ?? "0" } });
    return stored;
  });
  const chat = roomChatOf(row);
  await publish({ k: "chat", live: liveId, chat });
  return chat;
}

/**
 * The chat monitor (2 §2 /chatMonitor): the organisation's lives (not voided) overlapping `ts`
 * seconds either side of now, of one class type or all (-1), the nearest start first, each with its
 * unreviewed messages counted by one grouped read of this page's lives.
 */
export async function chatMonitor(scope: OrgScope, q: { page: number; count: number; scale: number; ts: number }, now: number): Promise<{ rows: ChatMonitorRow[]; total: number }> {
  let base = scope
    .selectFrom("lives")
    .where("voided", "=", 0)
    .where("begin_time", "<=", now + q.ts * 1000)
    .where("end_time", ">=", now - q.ts * 1000);
  if (q.scale !== -1) base = base.where("scale", "=", q.scale);
  const [lives, total] = await Promise.all([
    base
      .select(["id", "course_id", "title", "begin_time", "end_time", "scale"])
      .orderBy("begin_time", "desc")
      .orderBy("id", "desc")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const counts = lives.length
    ? await scope
        .selectFrom("room_chats")
        .select(["live_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("live_id", "in", lives.map((l) => l.id))
        .where("review", "=", 0)
        .groupBy("live_id")
        .execute()
    : [];
  const unreviewed = new Map(counts.map((c) => [c.live_id, Number(c.n)]));
  return {
    rows: lives.map((l) => ({
      id: l.id,
      courseid: l.course_id,
      title: l.title,
      begintime: formatDateTime(l.begin_time),
      endtime: formatDateTime(l.end_time),
      livetype: l.scale,
      unreviewed: unreviewed.get(l.id) ?? 0,
    })),
    total: Number(total.n),
  };
}
