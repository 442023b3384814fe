import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Endpoint } from "../../resources/endpoint";
import { hostPrefixes } from "../config";
import { ref } from "../plugins/schemas";

export interface RouteOptions {
  /** `$id` of the schema validating the JSON body (POST, PATCH, PUT). */
  body?: string;
  /** `$id` of the schema validating the query string (GET, DELETE). */
  query?: string;
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
}

/** Registers the server side of an endpoint declared in `resources/`, under its host's prefix. */
export function route(
  app: FastifyInstance,
  endpoint: Endpoint,
  opts: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const { guard } = opts;
  app.route({
    method: endpoint.method,
    url: (hostPrefixes[endpoint.host] ?? "") + endpoint.path,
    schema: {
      summary: opts.summary,
      tags: opts.tags ?? [endpoint.host],
      ...(opts.body ? { body: ref(opts.body) } : {}),
      ...(opts.query ? { querystring: ref(opts.query) } : {}),
      // Without a guard anyone may call it: no session (the document's default, server/plugins/openapi.ts).
      ...(guard ? {} : { security: [] }),
    },
    ...(guard ? { preValidation: async (request: FastifyRequest) => void (await guard(request)) } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler,
  });
}
