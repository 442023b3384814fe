/** What the page and the md5 worker say to each other (no hash-wasm here, so the page can import it). */
export type Md5Reply = { kind: "progress"; done: number } | { kind: "done"; md5: string } | { kind: "failed" };

/** Bytes read at a time: large enough to keep the hash busy, small enough to keep memory flat. */
export const sliceBytes = 8 * 1024 * 1024;
