import { createElement, lazy } from "react";
import { cloudDiskScreens } from "../../../resources/cloud-disk/screens";
import type { PageMap } from "../../engine/registry";

const page = (screen: (typeof cloudDiskScreens)[number]) =>
  lazy(() => import("./cloud-disk-page").then((m) => ({ default: () => createElement(m.CloudDiskPage, { screen }) })));

const byRoute = (inPortal: boolean): PageMap =>
  Object.fromEntries(cloudDiskScreens.filter((s) => /^\/(teaIndex|assistantIndex)\//.test(s.route) === inPortal).map((s) => [s.route, page(s)]));

/** The cloud-disk screens of the admin shell (/clouddiskop, /teaclouddiskop). */
export const cloudDiskPages: PageMap = byRoute(false);

/** The cloud-disk screens of the teacher and assistant portals, by their full route. */
export const cloudDiskPortalPages: PageMap = byRoute(true);
