import { courseTypeLabels } from "../../../../resources/courses/course";
import { liveStateLabels } from "../../../../resources/lives/live-labels";
import { liveScaleLabels, playTypeLabels } from "../../../../resources/users/user-stats";

/** Seconds of actual attendance as 1小时50分36秒 (1 §2.4); nothing at all is 0秒. */
export function durationText(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}小时${minutes}分${rest}秒`;
  if (minutes > 0) return `${minutes}分${rest}秒`;
  return `${rest}秒`;
}

export const liveStatusText = (status: number) => liveStateLabels[String(status)] ?? "-";

/** Play type 1 is live; anything else is a replay (1 §3). */
export const playTypeText = (playtype: number) => (playtype === 1 ? playTypeLabels["1"] : playTypeLabels["2"]);

/** What the table knows of one of the person's lives. */
interface Attended {
  status: number;
  playtype: number;
  online: number;
}

/** A live not yet held (1 §4 status 0): nobody has listened to it in any way, for any time. */
const notHeld = (live: Attended) => live.status === 0;

/** 听课类型 of a row: how the person took part, or the live's state (未开始) while it is not held yet. */
export const listenedText = (live: Attended) => (notHeld(live) ? liveStatusText(live.status) : playTypeText(live.playtype));

/** 实际上课时长 of a row: nothing for a live not held yet, where 0秒 would read as absent. */
export const attendedText = (live: Attended) => (notHeld(live) ? "-" : durationText(live.online));

/** The class scale codes of 1 §9; lives of other course types show that type's name. */
export const scaleText = (scale: number) => liveScaleLabels[String(scale)] ?? courseTypeLabels[String(scale)] ?? "-";

/** "2026-12-19 10:00:00 ~ 11:00:00" within a day, both ends in full otherwise. */
export function liveTimeText(begin: string, end: string): string {
  if (!begin) return "-";
  if (!end) return begin;
  const sameDay = begin.slice(0, 10) === end.slice(0, 10);
  return `${begin} ~ ${sameDay ? end.slice(11) : end}`;
}
