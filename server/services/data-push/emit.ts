import type { Db } from "../../db/database";
import { enqueue } from "../../engine/jobs";
import { signedScope, type OrgScope, type SignedOrg } from "../../engine/org-scope";
import { readSingle } from "../../engine/table-single";
import { pushConfig } from "../../../resources/data-push/push-config";
import type { PushConfig, PushEvent } from "../../../resources/data-push/push-api";

/** The job kind of one delivery's tries. */
export const pushJobKind = "dataPush.deliver";
/**
 * Tries of a delivery before it is given up: with the runner's backoff (30 s, doubling) the last
 * of 12 comes about 17 hours after the first, so a receiver down for most of a day still gets it.
 */
export const pushMaxAttempts = 12;

/**
 * How long this process keeps an organisation's config: events are frequent (every chat message)
 * and the config rarely changes, so it is read at most once a minute; a save in this process
 * forgets it at once, and other processes see it within the minute, well within the 5 minutes
 * 配置保存成功！5分钟生效 promises.
 */
const configCacheMs = 60_000;
/** By database (a process may hold several: tests, a twin), then by organisation. */
const caches = new WeakMap<object, Map<number, { at: number; config: Promise<PushConfig> }>>();
const cacheOf = (scope: OrgScope) => caches.get(scope.shared) ?? caches.set(scope.shared, new Map()).get(scope.shared)!;

/** A save forgets the organisation's config in this process (server/hooks/push-config.ts). */
export const forgetPushConfig = (scope: OrgScope) => void cacheOf(scope).delete(scope.orgId);

async function configOf(scope: OrgScope, now: number): Promise<PushConfig> {
  const cache = cacheOf(scope);
  const kept = cache.get(scope.orgId);
  if (kept && now - kept.at < configCacheMs) return kept.config;
  // The reading itself is kept: a burst of events (a busy chat) waits on one read, not one each.
  const config = readSingle(scope, pushConfig.table) as unknown as Promise<PushConfig>;
  cache.set(scope.orgId, { at: now, config });
  config.catch(() => cache.delete(scope.orgId));
  return config;
}

interface Runtime {
  runners: Set<{ wake(): void }>;
  log?: { warn(obj: object, msg: string): void };
}
const runtime: Runtime = { runners: new Set() };
const inFlight = new Set<Promise<unknown>>();

/** A server's job runner is woken by each queued delivery, so it goes out at once rather than at the next poll; answers the detach. */
export function attachPushRunner(runner: { wake(): void }, log: Runtime["log"]): () => void {
  runtime.runners.add(runner);
  runtime.log = log;
  return () => void runtime.runners.delete(runner);
}

/** Resolves once every event emitted so far is queued (or dropped): tests and the benchmark wait on it. */
export async function pushesQueued(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Logs a delivery of `body` to `url` and queues its tries, in one transaction; answers its id. */
export async function queueDelivery(scope: OrgScope, event: string, url: string, body: string, now = Date.now()): Promise<number> {
  const id = await scope.transaction(async (tx) => {
    const row = await tx.insertInto("push_deliveries", { event, url, body, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await enqueue(tx.shared, { kind: pushJobKind, orgId: tx.orgId, subject: `push:${row.id}`, payload: { id: row.id }, maxAttempts: pushMaxAttempts }, now);
    return row.id;
  });
  for (const runner of runtime.runners) runner.wake();
  return id;
}

async function queueEvent(scope: OrgScope, event: PushEvent, data: Record<string, unknown>): Promise<void> {
  const now = Date.now();
  const config = await configOf(scope, now);
  if (Number(config.status) !== 1) return;
  const api = config.config.flatMap((group) => group.apis).find((a) => a.event === event && Number(a.status) === 1 && a.url);
  if (!api) return;
  await queueDelivery(scope, event, api.url, JSON.stringify({ event, time: now, data }), now);
}

/**
 * Tells the organisation's push receiver of an event, if its config asks for it: the delivery is
 * logged and queued, and goes out from the job runner (deliver.ts). Never awaited by the caller,
 * never throws: the event's own request neither waits for nor fails with it.
 */
export function emit(scope: OrgScope, event: PushEvent, data: Record<string, unknown>): void {
  const work = queueEvent(scope, event, data).catch((err) => runtime.log?.warn({ err, event, org: scope.orgId }, "data push: queuing an event failed"));
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

/**
 * `emit` for code holding the database and an organisation it read from its own verified row (a
 * paid order found after the provider's signature was checked), never from a caller's claim.
 */
export function emitFor(db: Db, orgId: number, event: PushEvent, data: Record<string, unknown>): void {
  emit(signedScope({ orgId } as SignedOrg, db, { id: 0, name: "数据推送", role: "admin" }), event, data);
}
