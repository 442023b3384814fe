import { wantedHashConcurrency } from "./config";

/**
 * libuv's thread pool serves password hashing as well as fs, zlib and dns, and it is sized
 * once, by its first task. Imported first by main.ts so that, unless the operator sized it,
 * it holds the hashing's threads on top of the four Node counts on for everything else.
 */
process.env.UV_THREADPOOL_SIZE ??= String(wantedHashConcurrency(process.env) + 4);
