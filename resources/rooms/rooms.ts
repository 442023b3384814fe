/**
 * Which room a portal user enters (2 §6 "Room choice", routes.tsv room rows): the portal opens it in
 * a new window as `{route}?mid={liveId}&gid={groupId}`; the room route then asks for its token with
 * the role's `user_type` (0 student, 1 teacher, 2 assistant and admin) and frames the live-room site.
 */

export type RoomRole = "teacher" | "assistant" | "student" | "admin";

/** Live types whose students and assistants get the mini room (2 §6). */
export const miniRoomLiveTypes: readonly number[] = [0, 6];

export const roomRoutes = {
  student: "/stuLiveRoom",
  studentMini: "/stuMiniLiveRoom",
  assistant: "/assistantLiveRoom",
  assistantMini: "/assistantMiniLiveRoom",
  teacher: "/teaLiveRoom",
  playback: "/playbackRoom",
} as const;

/** The room route for a role and live type; a replay always plays in the playback room. */
export function roomRouteFor(role: RoomRole, liveType: number, replay = false): string {
  if (replay) return roomRoutes.playback;
  const mini = miniRoomLiveTypes.includes(liveType);
  if (role === "student") return mini ? roomRoutes.studentMini : roomRoutes.student;
  if (role === "teacher") return roomRoutes.teacher;
  return mini ? roomRoutes.assistantMini : roomRoutes.assistant;
}

/** The `user_type` of the room token call (2 §6, 3 §7.5). */
export const roomUserType: Record<RoomRole, 0 | 1 | 2> = { student: 0, teacher: 1, assistant: 2, admin: 2 };

/** The address a portal opens for a live: `/stuLiveRoom?mid=12&gid=3`. */
export const roomAddress = (role: RoomRole, liveType: number, liveId: number, groupId: number, replay = false) =>
  `${roomRouteFor(role, liveType, replay)}?mid=${liveId}&gid=${groupId}`;
