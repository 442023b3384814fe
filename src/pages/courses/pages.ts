import type { PageMap } from "../../app/admin-pages";

/** Course management screens, by route. */
export const coursePages: PageMap = {};
