import { ep } from "../kernel/endpoint";
import type { MonitoredLive } from "../lives/live-api";
import { roomLimits } from "../rooms/room-api";

/**
 * The chat manager's calls (2 §4, §7 chat, 3 §7.8): pass, ban and revoke `{liveid, chatids}`,
 * reply `{liveid, userid, msg, userdbid}`; the list (`POST /getchatlist`) is the room's
 * (resources/rooms/room-api.ts chatApi). And the chat monitor's list of lives with their
 * unreviewed counts (`POST /chatmonitor`, Lectern's own: the spec's live monitor call answers no
 * chat counts, and /liveMonitor keeps that call to itself).
 */
export const moderationApi = {
  /** Unreviewed (0) → approved (1): the messages are shown in the room to everyone. */
  pass: ep("POST /chatpass", "chatManager"),
  /** Unreviewed (0) → rejected (-1): the messages leave every screen of the room. */
  ban: ep("POST /chatban", "chatManager"),
  /** Approved (1) → rejected (-1): the messages leave every screen of the room. */
  revoke: ep("POST /chatrevoke", "chatManager"),
  /** A moderator's message in the room: to everyone (`userid` and `userdbid` 0) or to one viewer (their `userid`). */
  reply: ep("POST /chatreplay", "chatManager"),
  /** `{page, count, scale, ts}` → the lives within `ts` seconds either side of now, with `unreviewed`; count. */
  monitor: ep("POST /chatmonitor", "chatManager"),
} as const;

/** How a moderator's pass, ban, revoke or reply is named in the audit log: the message's id, its review state before and after. */
export const chatAudit = { resource: "roomChat", title: "直播聊天" } as const;

/** The chat review states (2 §4): the manager's tabs and the list's `type`. */
export const chatReviewTabs = [
  { key: "unreviewed", label: "未审核", value: 0, empty: "暂无待审核的聊天" },
  { key: "approved", label: "已通过", value: 1, empty: "暂无已通过的聊天" },
  { key: "rejected", label: "已禁止", value: -1, empty: "暂无已禁止的聊天" },
] as const;

export const moderationLimits = {
  /** Messages one pass, ban or revoke names at most: a page of 50 with room to spare; 10,000 ids is no moderator. */
  idsMax: 100,
  replyMax: roomLimits.chatMax,
  /** 2 §9: the unreviewed tab and the chat monitor reload every 10 s. */
  refreshMs: 10_000,
} as const;

/** What the chat manager and its calls say (2 §5, §8); the fields' own words are in schemas/moderation/. */
export const moderationMessages = {
  passed: "审核成功",
  passFailed: "审核失败",
  revoked: "撤回成功",
  revokeFailed: "撤回失败",
  replied: "回复成功",
  replyFailed: "回复失败",
  chooseToReview: "请选择要审核的聊天",
  chooseToRevoke: "请选择要撤回的聊天",
  replyEmpty: "发送消息不能为空",
  replyTooLong: `发送消息不能超过${roomLimits.chatMax}字`,
  /** A chat id that is not a message of this live (another live's, another organisation's, none at all). */
  notOfLive: "所选聊天不属于该直播，请刷新后重试",
  /** Another moderator acted first on one of the messages: nothing was changed. */
  handledElsewhere: "所选聊天的状态已变化（可能已被其他管理员处理），请刷新后重试",
  /** A reply to one viewer who never chatted in this live. */
  noSuchViewer: "该学员未在本直播中发言，无法单独回复",
} as const;

/** A row of the chat monitor (2 §3 monitor row, with the live's unreviewed messages). */
export interface ChatMonitorRow extends MonitoredLive {
  /** Messages waiting for review (type 0). */
  unreviewed: number;
}
