import type { RouteDecl } from "../kernel/route";
import { roomRoutes } from "./rooms";

/** The room shell's pages (2 §6, 3 §2.6): each room by whom it is for, and the payment result. */
const roomTitles: Record<keyof typeof roomRoutes, string> = {
  student: "直播教室",
  studentMini: "直播小教室",
  assistant: "助教直播教室",
  assistantMini: "助教直播小教室",
  teacher: "老师直播教室",
  playback: "回放教室",
};

export const payResultRoute = { route: "/payresult", title: "支付结果", shell: "room" } as const satisfies RouteDecl;

export const roomShellRoutes: RouteDecl[] = [
  ...Object.entries(roomRoutes).map(([who, route]) => ({ route, title: roomTitles[who as keyof typeof roomRoutes], shell: "room" as const })),
  payResultRoute,
];
