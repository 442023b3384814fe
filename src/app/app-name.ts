export const appName = "Lectern";

/** A page's document title: its route's title, then the app's name. */
export const titled = (title: string): string => `${title} - ${appName}`;
