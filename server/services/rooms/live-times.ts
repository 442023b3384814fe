import { parseLiveConfig } from "../../../resources/lives/live-config";
import type { PresenceRole } from "../../../resources/rooms/room-api";

/** 0 not started, 1 live, 2 ended (2 §4 LiveState), by the live's own times. */
export function liveStateAt(live: { begin_time: number; end_time: number }, now: number): 0 | 1 | 2 {
  if (now < live.begin_time) return 0;
  return now < live.end_time ? 1 : 2;
}

/**
 * Minutes before the start a role may enter (the live's teaEnterTs / stuEnterTs, 2 §3): teachers
 * and assistants by the teachers' rule, students and share viewers by the students'; an admin
 * monitoring the organisation has no rule (null).
 */
export function entryMinutes(config: string, role: PresenceRole): number | null {
  if (role === "admin") return null;
  const parsed = parseLiveConfig(config);
  const value = Number(role === "teacher" || role === "assistant" ? parsed.teaEnterTs : parsed.stuEnterTs);
  return Number.isFinite(value) && value >= 0 ? value : 30;
}
