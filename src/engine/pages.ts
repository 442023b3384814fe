import type { PageMap } from "../app/admin-pages";

/** Screens generated from resources/ declarations, by route. */
export const enginePages: PageMap = {};
