import { enginePages } from "../engine/pages";
import type { PageMap } from "../engine/registry";
import { userPages } from "../pages/users/pages";
import { statPages } from "../pages/stats/pages";
import { coursePages } from "../pages/courses/pages";
import { liveFormPages } from "../pages/lives-form/pages";
import { cloudDiskPages } from "../pages/clouddisk/pages";
import { livePages } from "../pages/lives/pages";

/**
 * Every built admin screen by route, each area listing its own lazily loaded pages; a route
 * of the table missing here renders the shell's honest empty state. The app is the one place that
 * knows every area, so neither the engine nor an area imports this file (no cycle through it).
 */
export const adminPages: PageMap = { ...enginePages, ...userPages, ...statPages, ...coursePages, ...livePages, ...liveFormPages, ...cloudDiskPages };
