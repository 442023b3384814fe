import { enginePages } from "../engine/pages";
import type { PageMap } from "../engine/registry";
import { statPages } from "../features/stats/pages";
import { cloudDiskPages } from "../features/cloud-disk/pages";
import { vodBespokePages } from "../features/vod/pages";
import { billingBespokePages } from "../features/billing/pages";
import { liveStatsBespokePages } from "../features/live-stats/pages";

/**
 * Every built admin screen by route, each area listing its own lazily loaded pages; a route
 * of the table missing here renders the shell's honest empty state. The app is the one place that
 * knows every area, so neither the engine nor an area imports this file (no cycle through it).
 */
export const adminPages: PageMap = { ...enginePages, ...statPages, ...cloudDiskPages, ...vodBespokePages, ...billingBespokePages, ...liveStatsBespokePages };
