import type { PageMap } from "../../app/admin-pages";

/** User detail pages (teacher and student statistics), by route. */
export const userPages: PageMap = {};
