import { Readable } from "node:stream";
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Endpoint } from "../../resources/kernel/endpoint";
import { hostPrefixes } from "../config";
import { ApiError } from "../plugins/envelope";
import { ref } from "../plugins/schemas";
import { nextTurn, type Mutex } from "../services/yielding";

export interface RouteOptions {
  /** `$id` of the schema validating the JSON body (POST, PATCH, PUT). */
  body?: string;
  /** `$id` of the schema validating the query string (GET, DELETE). */
  query?: string;
  /** `$id` of the schema validating the path's parameters. */
  params?: string;
  summary: string;
  tags?: string[];
  /**
   * Who may call it, checked before the body or query is validated: a caller without the
   * right gets 401 or 403, not a remark on a payload it was never allowed to send.
   */
  guard?: (request: FastifyRequest) => unknown;
  /**
   * Bytes this route's body may have, where it must differ from the app's 1 MiB (a 20,000-row
   * import); give the route's own bound, never an open one.
   */
  bodyLimit?: number;
  /**
   * Requests of the route are handled one at a time, in arrival order, holding this lock from
   * when their body has arrived (read aside first, so a slow sender holds nothing) until their
   * answer is sent or their connection is gone. A whitelist import or dry run parses up to
   * megabytes of JSON in one go: four sent together were parsed together, holding the server's
   * thread four times as long (issue 16).
   */
  oneAtATime?: Mutex;
  /** A blank query parameter is dropped before validation (search forms send empty fields as `title=`). */
  blankIsAbsent?: boolean;
  /**
   * The body carries the record as JSON text in one field (`{product: "…", id}`): after the guard
   * and before validation the text is opened and its fields become the body (`id` kept), so the
   * body schema judges them with its own messages; text that is not a JSON object answers `invalid`.
   */
  bodyJson?: { field: string; invalid: string };
  /** Anyone may call it: no session in the API document, whatever limits guard it. */
  open?: boolean;
  /** Which registrar declared it: a table's CRUD or a declared call (the census of tests/kernel/server/registration.test.ts). */
  declared?: "table" | "call";
  /** `feature.call` or `resource.action`: the operation's name in the declarations. */
  operation?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    declared?: "table" | "call";
    operation?: string;
  }
}

/** Reads the body aside within `limit` bytes, then waits for the route's turn, which ends when the answer is sent or the connection closes. */
function takeTurn(lock: Mutex, limit: number) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of payload as AsyncIterable<Buffer>) {
      size += part.length;
      if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      parts.push(part);
    }
    const release = await lock.lock();
    let held = true;
    const end = () => {
      if (held) release();
      held = false;
    };
    if (reply.raw.destroyed || reply.raw.writableEnded) end();
    else reply.raw.once("close", end);
    return Readable.from([Buffer.concat(parts)]);
  };
}

/** `{<field>: "<JSON object>", id?}` → the object's fields and the id; anything else is refused in words. */
function openedBody(body: unknown, { field, invalid }: { field: string; invalid: string }): Record<string, unknown> {
  const sent = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const text = sent[field];
  let inner: unknown;
  try {
    inner = typeof text === "string" ? JSON.parse(text) : undefined;
  } catch {
    inner = undefined;
  }
  if (!inner || typeof inner !== "object" || Array.isArray(inner)) throw new ApiError(400, invalid, 200, { field });
  const opened: Record<string, unknown> = { ...(inner as Record<string, unknown>) };
  delete opened.id;
  return "id" in sent ? { ...opened, id: sent.id } : opened;
}

function dropBlanks(query: unknown) {
  if (query && typeof query === "object") for (const [k, v] of Object.entries(query)) if (v === "") delete (query as Record<string, unknown>)[k];
}

/** Registers the server side of an endpoint declared in `resources/`, under its host's prefix. */
export function route(
  app: FastifyInstance,
  endpoint: Endpoint,
  opts: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const { guard, oneAtATime, blankIsAbsent, bodyJson } = opts;
  const check = async (request: FastifyRequest) => {
    if (blankIsAbsent) dropBlanks(request.query);
    // A large body is parsed in one turn; its checks and validation, as long again, in the next.
    if (oneAtATime) await nextTurn();
    await guard?.(request);
    if (bodyJson) request.body = openedBody(request.body, bodyJson);
  };
  app.route({
    method: endpoint.method,
    url: (hostPrefixes[endpoint.host] ?? "") + endpoint.path,
    schema: {
      summary: opts.summary,
      tags: opts.tags ?? [endpoint.host],
      ...(opts.body ? { body: ref(opts.body) } : {}),
      ...(opts.query ? { querystring: ref(opts.query) } : {}),
      ...(opts.params ? { params: ref(opts.params) } : {}),
      // Anyone may call it: no session (the document's default, server/plugins/openapi.ts).
      ...(opts.open ?? !guard ? { security: [] } : {}),
    },
    config: { declared: opts.declared, operation: opts.operation },
    ...(guard || oneAtATime || blankIsAbsent || bodyJson ? { preValidation: check } : {}),
    ...(oneAtATime ? { preParsing: takeTurn(oneAtATime, opts.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024) } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler,
  });
}

/** One registered route, as the census of tests/kernel/server/registration.test.ts reads it. */
export interface Registration {
  method: string;
  url: string;
  declared?: "table" | "call";
  operation?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, with the registrar that declared it (none for the listed exceptions). */
    registrations: Registration[];
  }
}

/** Records every route as it is registered; called first, so every later scope inherits the hook. */
export function trackRegistrations(app: FastifyInstance) {
  const registrations: Registration[] = [];
  app.decorate("registrations", registrations);
  app.addHook("onRoute", (options) => {
    if (options.method === "HEAD") return;
    for (const method of [options.method].flat())
      if (method !== "HEAD") registrations.push({ method, url: options.url, declared: options.config?.declared, operation: options.config?.operation });
  });
}
