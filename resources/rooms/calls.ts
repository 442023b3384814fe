import live from "../lives/live";
import { chatMonitorKey } from "../lives/live-api";
import { chatApi, pushApi, roomApi, roomLimits } from "./room-api";
import { access, defineCalls } from "../kernel/call";

/** A room token of a live (in `?token=`, or in the body of a POST): the room's viewer, in that live only. */
export const roomViewer = access.credential("room.viewer", "a room token this server signed for one live, one person and one role (room-token.ts), in `?token=` or the body; a wrong or expired one is 401");

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
  // The room's own calls (issue 18 items 7, 8): its token is the credential, the live it names the only one reached.
  docs: {
    endpoint: roomApi.docs,
    query: "room.token.query",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: "The live's courseware for its room's viewers (roomdocs' rows, each address signed for a few minutes)",
  },
  chapters: {
    endpoint: roomApi.chapters,
    query: "room.token.query",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: "The live's chapters in the order of its recording: [{id, title, offset_ms}]",
  },
  markChapter: {
    endpoint: roomApi.markChapter,
    body: "room.chapter",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: `The teacher marks the broadcast's present moment as a chapter (at most ${roomLimits.chaptersPerLive} a live, ${roomLimits.chapterBurst} in ${roomLimits.chapterWindowMs / 1000} s a person)`,
  },
  floor: {
    endpoint: roomApi.floor,
    body: "room.floor",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: "The live's teacher gives the floor to an assistant of the live (key i<identity>), who may then publish, or takes it back (key \"\")",
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
