import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PortalPageProps } from "./portal-page";

type PortalPage = LazyExoticComponent<ComponentType<PortalPageProps>>;

/**
 * The portal's screens by child path of /teaIndex, /assistantIndex and /stuIndex ("" is the root,
 * 今日课程), each loaded with its route. The cloud-disk children are the cloud disk's own.
 */
export const portalPages: Record<string, PortalPage> = {
  "": lazy(() => import("./calendar/calendar-page").then((m) => ({ default: m.CalendarPage }))),
  courses: lazy(() => import("./courses/courses-page").then((m) => ({ default: m.CoursesPage }))),
  message: lazy(() => import("./messages/messages-page").then((m) => ({ default: m.MessagesPage }))),
  userinfo: lazy(() => import("./user-info-page").then((m) => ({ default: m.UserInfoPage }))),
};
