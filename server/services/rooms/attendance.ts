import type { CheckState } from "../../../resources/users/user-stats";
import type { PlayType } from "../../../resources/rooms/room-api";

/** One connection of a person to a room; `left_at` null while it is open. */
export interface VisitSpan {
  entered_at: number;
  left_at: number | null;
}

export interface AttendanceFigures {
  check_state: CheckState;
  online_seconds: number;
  /** The first entry. */
  joined_at: number;
}

/** The length of the union of the spans within [from, to), in ms: two pages open at once count once. */
function coveredMs(spans: [number, number][], from: number, to: number): number {
  const clipped = spans
    .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (a > end) {
      total += b - a;
      end = b;
    } else if (b > end) {
      total += b - end;
      end = b;
    }
  }
  return total;
}

/**
 * One person's attendance of one live from all its visits (issue 11 item 2), recomputed whole at
 * every entry and exit, so a person who leaves and comes back, or has two pages open, is one row:
 *
 * - live (play type 1), against the live's times [begin, end):
 *   - late: in the room during the live, but not at its start (no visit open at `begin`);
 *   - left early: no visit open now and the last exit before `end`, including someone who was
 *     there only before the start;
 *   - do otherwise (on time and there to the end, or still there);
 *   late wins over left early; online seconds count only time within the live.
 * - replay (2): watched, so "do", with every second counted.
 *
 * Someone who never came has no visits: the closing job records them as undo (room-jobs.ts).
 */
export function attendanceOf(visits: VisitSpan[], live: { begin_time: number; end_time: number }, playType: PlayType, now: number): AttendanceFigures {
  const spans = visits.map((v) => [v.entered_at, v.left_at ?? now] as [number, number]);
  const joined_at = Math.min(...visits.map((v) => v.entered_at));
  if (playType === 2) return { check_state: "do", online_seconds: Math.floor(coveredMs(spans, -Infinity, Infinity) / 1000), joined_at };
  const { begin_time: begin, end_time: end } = live;
  const duringLive = spans.filter(([a, b]) => b >= begin && a < end);
  const open = visits.some((v) => v.left_at === null);
  const lastExit = Math.max(...visits.map((v) => v.left_at ?? Infinity));
  // Someone still in the room is on time so far, even before the start.
  const late = duringLive.length > 0 && !duringLive.some(([a]) => a <= begin);
  const leftEarly = !open && lastExit < end;
  const check_state: CheckState = late ? "late" : leftEarly ? "leaveearly" : "do";
  return { check_state, online_seconds: Math.floor(coveredMs(spans, begin, end) / 1000), joined_at };
}

/** Roles whose visits are attendance (the people of the live); admins and share viewers are only logged. */
export const attendingRoles: readonly string[] = ["teacher", "assistant", "student"];
