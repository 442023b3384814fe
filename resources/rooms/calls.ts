import live from "../lives/live";
import { chatMonitorKey } from "../lives/live-api";
import { chatApi, pushApi, roomApi } from "./room-api";
import { access, defineCalls } from "../kernel/call";

/**
 * The live rooms' calls (issue 11 items 2, 4, 5; 2 §7 portal token, share URL, chat; 3 §7.5, §7.8).
 * Declared calls rather than a table's CRUD: a room is entered by rules of people and times (the
 * live's staff, students, course, start and end), and a share link's viewer by the live's
 * verification, not by a record's id. The room's WebSocket and the share link's page address are
 * no calls; the feature registers them (server/features/rooms/rooms.ts).
 */
export const roomCalls = defineCalls("rooms", {
  token: {
    endpoint: roomApi.token,
    query: "room.enter.query",
    access: access.identity(),
    limits: ["tokensPerPerson"],
    summary: "A room token for a live (2 §7 portal token, 3 §7.5): {token, nick_name}",
  },
  share: {
    endpoint: roomApi.share,
    query: "room.share.query",
    access: access.public("a share link's page, opened by anyone holding the link: it names a live only by its unguessable guid and shows what the live's share settings allow"),
    limits: ["sharePerIp"],
    summary: "What a share link's page shows before letting a viewer in",
  },
  shareEnter: {
    endpoint: roomApi.shareEnter,
    body: "room.share-enter",
    access: access.public("a share link's viewer has no account: the live's verification (password, whitelist, registration) is the check, its wrong answers and passes counted per address"),
    limits: ["sharePerIp"],
    summary: "A viewer token for a shared live, after its verification",
  },
  hls: {
    endpoint: roomApi.hls,
    access: access.credential("room.hls", "a room token of the live in `?token=`, and the live's random folder in the address"),
    summary: "A file of a large class's live HLS (playlist or segment), for the room's viewers (issue 18)",
    answer: "file",
  },
  pushAddress: {
    endpoint: pushApi.address,
    query: "live.id.query",
    access: access.menu([live.menu.key]),
    summary: "A live's RTMP push address and stream key for an encoder (pushStreamType 1 手动推流): {url, key}",
  },
  // The chat manager is opened from the live list and the chat monitor (2 §2).
  chatList: {
    endpoint: chatApi.list,
    body: "chat.list",
    access: access.menu([live.menu.key, chatMonitorKey]),
    summary: "A live's chat messages of one review state (2 §7 chat, 3 §7.8)",
  },
});
