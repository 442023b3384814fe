import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react";
import { portalUserTypes } from "../../../resources/portal/portal";
import { portalScreens } from "../../../resources/portal/screens";
import type { PortalPageProps } from "./portal-page";

type PortalPage = LazyExoticComponent<ComponentType<PortalPageProps>>;

/** A declared portal screen drawn by the engine, every call carrying the person's user type (2 §6). */
const screenPage = (decl: (typeof portalScreens)[string]): PortalPage =>
  lazy(async () => {
    const { CallScreen } = await import("../../engine/call-screen");
    return { default: ({ role }: PortalPageProps) => createElement(CallScreen, { decl, params: { user_type: portalUserTypes[role] } }) };
  });

/**
 * The portal's screens by child path of /teaIndex, /assistantIndex and /stuIndex ("" is the root,
 * 今日课程): the declared ones (resources/portal/screens.ts) and the bespoke calendar and account
 * page, each loaded with its route. The cloud-disk children are the cloud disk's own.
 */
export const portalPages: Record<string, PortalPage> = {
  "": lazy(() => import("./calendar/calendar-page").then((m) => ({ default: m.CalendarPage }))),
  ...Object.fromEntries(Object.entries(portalScreens).map(([child, decl]) => [child, screenPage(decl)])),
  userinfo: lazy(() => import("./user-info-page").then((m) => ({ default: m.UserInfoPage }))),
};
