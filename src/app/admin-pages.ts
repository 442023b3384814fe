import type { ComponentType, LazyExoticComponent } from "react";
import { enginePages } from "../engine/pages";
import { userPages } from "../pages/users/pages";
import { statPages } from "../pages/stats/pages";
import { coursePages } from "../pages/courses/pages";

export type PageMap = Record<string, LazyExoticComponent<ComponentType>>;

/**
 * Every built admin screen by route, each area listing its own lazily loaded pages; a route
 * of the table missing here renders the shell's honest empty state.
 */
export const adminPages: PageMap = { ...enginePages, ...userPages, ...statPages, ...coursePages };
