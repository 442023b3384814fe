import type { PageMap } from "../../app/admin-pages";

/** The admin home dashboard and the statistics pages, by route. */
export const statPages: PageMap = {};
