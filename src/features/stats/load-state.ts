/** Where one request stands: loading, answered, or refused (with the words to show). */
export type Load<T> = { status: "loading" } | { status: "ok"; data: T } | { status: "error"; error: string };

export const LOADING: Load<never> = { status: "loading" };
