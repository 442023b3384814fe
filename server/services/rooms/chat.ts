import { parseLiveConfig } from "../../../resources/lives/live-config";
import { chatMsgText, chatTextOf, roomLimits, roomMessages, type ChatRecord, type PresenceRole } from "../../../resources/rooms/room-api";
import type { RoomChat } from "../../../resources/rooms/room-protocol";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { emit } from "../data-push/emit";
import { formatDateTime } from "../datetime";
import { orgMatcher } from "../filter-words/org-words";
import type { RoomGrant } from "./room-token";
import { withinChatLimit } from "./viewer-limits";

/** The live's staff: their messages need no review and they see the ones waiting for it. */
export const isStaff = (role: PresenceRole) => role === "teacher" || role === "assistant" || role === "admin";

/** A chat text as sent, or the refusal to show its sender (2 §5: empty, at most 200 characters). */
export function chatTextCheck(raw: unknown): { txt: string } | { refusal: string } {
  const txt = typeof raw === "string" ? raw.trim() : "";
  if (!txt) return { refusal: roomMessages.chatEmpty };
  if ([...txt].length > roomLimits.chatMax) return { refusal: roomMessages.chatTooLong };
  return { txt };
}

/**
 * How a new message is stored, by the live's config (2 §3 openFilterChat, filterChatDefault; 2 §4)
 * and the organisation's sensitive words (3 §2.4, issue 19 item 6): with review off it is approved
 * at once; with review on it is unreviewed (0), and it is also held, shown only to its author and
 * the staff until approved, when the default filter is on or when it holds a black-listed word no
 * white-listed word covers (`flagged`). The staff's own messages are approved.
 */
export function reviewOf(config: string, role: PresenceRole, flagged = false): { review: 0 | 1; held: 0 | 1 } {
  const c = parseLiveConfig(config);
  if (isStaff(role) || c.openFilterChat !== "1") return { review: 1, held: 0 };
  return { review: 0, held: c.filterChatDefault === "1" || flagged ? 1 : 0 };
}

/** Whether the message's words matter: review on, the default filter off (everything is held then), not the staff. */
const wordsDecide = (config: string, role: PresenceRole) => {
  const c = parseLiveConfig(config);
  return !isStaff(role) && c.openFilterChat === "1" && c.filterChatDefault !== "1";
};

type ChatRow = { id: number; viewer_key: string; name: string; role: string; msg: string; held: number; created_at: number; to_key?: string | null };

const roomChatOf = (r: ChatRow): RoomChat => ({
  id: r.id,
  key: r.viewer_key,
  name: r.name,
  role: r.role as PresenceRole,
  txt: chatTextOf(r.msg),
  time: formatDateTime(r.created_at),
  held: r.held === 1,
  ...(r.to_key ? { to: r.to_key } : {}),
});

/**
 * Stores a message of a room (the scope is the token's organisation) and answers it as the room
 * shows it; null when its sender has already sent their share of the last few seconds (viewer-limits.ts).
 */
export async function storeChat(scope: OrgScope, grant: RoomGrant, config: string, txt: string, now: number): Promise<RoomChat | null> {
  const flagged = wordsDecide(config, grant.role) && (await orgMatcher(scope)).flags(txt);
  const { review, held } = reviewOf(config, grant.role, flagged);
  const row = await withinChatLimit(scope, grant, now, (tx) =>
    tx
      .insertInto("room_chats", {
        live_id: grant.liveId,
        identity_id: grant.identityId || null,
        viewer_key: grant.key,
        name: grant.name.slice(0, 64),
        role: grant.role,
        msg: chatMsgText(txt),
        review,
        held,
        created_at: now,
      })
      .returning(["id", "viewer_key", "name", "role", "msg", "held", "created_at"])
      .executeTakeFirstOrThrow(),
  );
  if (row) emit(scope, "chat.message", { liveid: grant.liveId, userid: grant.identityId, username: row.name, role: row.role, msg: txt, held: row.held === 1, time: now });
  return row && roomChatOf(row);
}

/**
 * The latest messages a person entering sees, oldest first: the shown ones (approved, or
 * unreviewed but not held), their own held ones, and for the staff every held one. Rejected
 * messages are shown to nobody.
 */
export async function chatHistory(scope: OrgScope, grant: RoomGrant): Promise<RoomChat[]> {
  let q = scope.selectFrom("room_chats").select(["id", "viewer_key", "name", "role", "msg", "held", "created_at", "to_key"]).where("live_id", "=", grant.liveId).where("review", ">=", 0);
  if (!isStaff(grant.role))
    q = q
      .where((eb) => eb.or([eb("held", "=", 0), eb("review", "=", 1), eb("viewer_key", "=", grant.key)]))
      // A moderator's reply to one viewer is that viewer's alone.
      .where((eb) => eb.or([eb("to_key", "is", null), eb("to_key", "=", grant.key)]));
  const rows = await q
    .orderBy("id", "desc")
    .limit(roomLimits.chatHistory)
    .execute();
  return rows.reverse().map(roomChatOf);
}

/** Whether a connection of `role`/`key` may see a message (a held one only its author and the staff, a reply to one viewer only them and the staff). */
export const canSee = (chat: RoomChat, role: PresenceRole, key: string) => isStaff(role) || (chat.to ? chat.to === key : !chat.held || chat.key === key);

/** The chat manager's list (2 §7 chat get list, 3 §7.8): one page of a live's messages of one review state, newest first. */
export async function chatList(scope: OrgScope, q: { liveid: number; type: 0 | 1 | -1; page: number; count: number }): Promise<{ rows: ChatRecord[]; total: number }> {
  const live = await scope.selectFrom("lives").select("id").where("id", "=", q.liveid).executeTakeFirst();
  if (!live) throw fail.notFound("直播");
  const base = scope.selectFrom("room_chats").where("live_id", "=", live.id).where("review", "=", q.type);
  const [rows, total] = await Promise.all([
    base
      .select(["id", "viewer_key", "identity_id", "name", "msg", "review", "created_at"])
      .orderBy("id", "desc")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      liveid: live.id,
      userid: r.viewer_key,
      userdbid: r.identity_id ?? 0,
      name: r.name,
      msg: r.msg,
      time: formatDateTime(r.created_at),
      type: r.review as 0 | 1 | -1,
    })),
    total: Number(total.n),
  };
}
