import live from "../lives/live";
import { chatMonitorKey } from "../lives/live-api";
import { access, defineCalls } from "../kernel/call";
import { moderationApi, moderationLimits } from "./moderation-api";

/** The chat manager is opened from the live list (liveop) and the chat monitor (2 §2), as its list is (resources/rooms/calls.ts). */
const moderators = access.menu([live.menu.key, chatMonitorKey]);

/**
 * The chat manager's actions and the chat monitor's list (issue 20 items 1, 2; 2 §4, §7). Each
 * acts on one live of the caller's organisation; every change is one conditional update, so of two
 * moderators acting on the same message one wins and the other is told (moderationMessages).
 */
export const moderationCalls = defineCalls("moderation", {
  pass: {
    endpoint: moderationApi.pass,
    body: "chat.review",
    access: moderators,
    limits: ["moderationPerPerson"],
    summary: `Unreviewed chat messages of a live → approved, shown in the room at once (2 §4); at most ${moderationLimits.idsMax} ids`,
  },
  ban: {
    endpoint: moderationApi.ban,
    body: "chat.review",
    access: moderators,
    limits: ["moderationPerPerson"],
    summary: "Unreviewed chat messages of a live → rejected, gone from every screen of the room (2 §4)",
  },
  revoke: {
    endpoint: moderationApi.revoke,
    body: "chat.revoke",
    access: moderators,
    limits: ["moderationPerPerson"],
    summary: "Approved chat messages of a live → rejected, gone from every screen of the room (2 §4)",
  },
  reply: {
    endpoint: moderationApi.reply,
    body: "chat.reply",
    access: moderators,
    limits: ["moderationPerPerson"],
    summary: "A moderator's message in the room: to everyone (userid and userdbid 0) or to one viewer (2 §7 chat reply)",
  },
  monitor: {
    endpoint: moderationApi.monitor,
    body: "chat.monitor",
    access: access.menu([chatMonitorKey]),
    summary: "The lives within ts seconds either side of now, of a class type or all (-1), each with its unreviewed chat messages (2 §2 /chatMonitor)",
  },
});
