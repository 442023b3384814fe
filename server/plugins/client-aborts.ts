import type { FastifyServerOptions } from "fastify";

type ChildLoggerFactory = NonNullable<FastifyServerOptions["childLoggerFactory"]>;

/** The two spellings of a stream ended before its end: Node's own, and end-of-stream's (pump, used by @fastify/compress). */
const isPrematureClose = (value: unknown): boolean => {
  const err = value instanceof Error ? value : (value as { err?: unknown } | null)?.err;
  return err instanceof Error && ((err as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE" || err.message === "premature close");
};

/**
 * Fastify's `childLoggerFactory`: each request's logger, which tells a client that went away from a
 * failure. When a browser leaves a page, cancels a fetch or a player seeks, the compressed answer it
 * was reading ends @fastify/compress's pipe with "premature close", which the plugin logs as an
 * error with a stack and no address (113 in an hour of browsing). Its socket is gone then: that is
 * logged at debug with the method and path (no query, which may carry a signature); a premature
 * close on a socket still open is ours, and stays an error.
 */
export const childLoggerFactory: ChildLoggerFactory = function (logger, bindings, opts, raw) {
  const child = logger.child(bindings, opts);
  const error = child.error;
  child.error = function (this: typeof child, ...args: Parameters<typeof error>) {
    if (raw.socket?.destroyed && isPrematureClose(args[0])) return child.debug({ method: raw.method, url: raw.url?.split("?")[0] }, "premature close: the client went away before the answer ended");
    return error.apply(this, args);
  } as typeof error;
  return child;
};
