import { homeOf } from "../auth/auth";
import type { RouteDecl } from "../kernel/route";

/**
 * The pages every portal area has (1 §2.2): its calendar at its root, courses and messages in its
 * left menu, and personal info, reached from the avatar's menu.
 */
export const portalChildren = [
  { child: "", title: "今日课程", inMenu: true },
  { child: "courses", title: "我的课程", inMenu: true },
  { child: "message", title: "消息", inMenu: true },
  { child: "userinfo", title: "个人信息", inMenu: false },
] as const;

export const portalRoles = ["teacher", "assistant", "student"] as const;

export const portalRoutes: RouteDecl[] = portalRoles.flatMap((role) =>
  portalChildren.map(({ child, title }) => ({ route: child ? `${homeOf[role]}/${child}` : homeOf[role], title, shell: "portal" as const })),
);
