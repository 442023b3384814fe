import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CallGroup, Calls } from "../../resources/kernel/call";
import type { Ctx } from "../context";
import { Mutex } from "../services/yielding";
import { accessCheck, type CredentialCheck } from "./access";
import { limitsCheck } from "./limits";
import { route } from "./route";

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What a feature's handlers are made with: the context, and the app for its hooks (a hub's start and close). */
export type FeatureCtx = Ctx & { app: FastifyInstance };

/**
 * A feature's server half: a handler for each of its declared calls, by the same name (the types
 * hold every call to one), and the credentials it resolves for `access.credential(name)`.
 */
export interface Feature<C extends Calls = Calls> {
  group: CallGroup<C>;
  handlers: (ctx: FeatureCtx) => { [K in keyof C]: Handler };
  credentials?: (ctx: FeatureCtx) => Record<string, CredentialCheck>;
}

export const defineFeature = <C extends Calls>(feature: Feature<C>): Feature<C> => feature;

/**
 * Registers every declared call of every feature (issue 17 item 1): access and limits resolved
 * here, once, before validation; the body or query validated by the declared schema; the handler
 * answers. Route options carry `declared: "call"`, which the API document's census reads.
 */
export function registerCalls(app: FastifyInstance, ctx: Ctx, features: readonly Feature[]) {
  const fctx: FeatureCtx = { ...ctx, app };
  const credentials = new Map<string, CredentialCheck>();
  for (const feature of features)
    for (const [name, check] of Object.entries(feature.credentials?.(fctx) ?? {})) {
      if (credentials.has(name)) throw new Error(`two features resolve the credential "${name}"`);
      credentials.set(name, check);
    }
  const locks = new Map<string, Mutex>();
  const lockNamed = (name: string) => locks.get(name) ?? locks.set(name, new Mutex()).get(name)!;

  for (const { group, handlers } of features) {
    const made = handlers(fctx);
    for (const [name, call] of Object.entries(group.calls)) {
      const handler = made[name];
      if (!handler) throw new Error(`${group.feature}.${name} is declared but has no handler`);
      const allowed = accessCheck(call.access, credentials);
      const limited = call.limits ? limitsCheck(ctx.db, ctx.config.rateLimits, call.limits) : undefined;
      // A credential other than the session is what a guesser tries: its limits count every try, the wrong ones too.
      const limitsFirst = call.access.kind === "credential";
      const guard =
        allowed || limited
          ? async (request: FastifyRequest) => {
              if (limitsFirst) await limited?.(request);
              await allowed?.(request);
              if (!limitsFirst) await limited?.(request);
            }
          : undefined;
      route(
        app,
        call.endpoint,
        {
          summary: call.summary,
          tags: [group.feature],
          body: call.body,
          query: call.query,
          params: call.params,
          guard,
          bodyLimit: call.bodyLimit,
          oneAtATime: call.oneAtATime ? lockNamed(call.oneAtATime) : undefined,
          blankIsAbsent: call.blankIsAbsent,
          open: call.access.kind === "public",
          declared: "call",
          operation: `${group.feature}.${name}`,
        },
        handler,
      );
    }
  }
}
