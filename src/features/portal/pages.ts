import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react";
import { portalAccountPage } from "../../../resources/portal/account";
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
 * 今日课程): the declared ones (the call screens of resources/portal/screens.ts, the account page
 * of resources/portal/account.ts) and the bespoke calendar, each loaded with its route. The
 * cloud-disk children are the cloud disk's own.
 */
export const portalPages: Record<string, PortalPage> = {
  "": lazy(() => import("./calendar/calendar-page").then((m) => ({ default: m.CalendarPage }))),
  ...Object.fromEntries(Object.entries(portalScreens).map(([child, decl]) => [child, screenPage(decl)])),
  userinfo: lazy(() => import("../../engine/tabbed-forms-page").then((m) => ({ default: () => createElement(m.TabbedFormsPage, { decl: portalAccountPage }) }))),
};
