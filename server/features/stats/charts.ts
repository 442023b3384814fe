import type { FastifyRequest } from "fastify";
import { storageKinds, type FlowPoint, type StorageKind, type StoragePoint, type StorageV2Point } from "../../../resources/stats/stats";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { needRange, type RangeQuery } from "../../services/stat-range";
import { bandwidthSeries, concurrencySeries } from "../../services/usage-series";

const range = (q: unknown) => needRange(q as RangeQuery);

const storageRows = async (scope: OrgScope, q: unknown) => {
  const { firstDay, lastDay } = range(q);
  return scope
    .selectFrom("storage_daily")
    .select(["day", "kind", "bytes"])
    .where("day", ">=", firstDay)
    .where("day", "<=", lastDay)
    .orderBy("day")
    .execute();
};

/** The range charts of 3 §2.2: {begindate, enddate} of at most 31 days. */
export const chartHandlers = ({ db }: FeatureCtx) => ({
  liveOnline: async (request: FastifyRequest) => ok(await concurrencySeries(orgScope(request, db), "live_concurrency", range(request.query))),

  replayOnline: async (request: FastifyRequest) => ok(await concurrencySeries(orgScope(request, db), "replay_concurrency", range(request.query))),

  vodBandwidth: async (request: FastifyRequest) => ok(await bandwidthSeries(orgScope(request, db), range(request.query))),

  vodFlow: async (request: FastifyRequest) => {
    const { firstDay, lastDay } = range(request.query);
    const rows = await orgScope(request, db)
      .selectFrom("vod_traffic")
      .select(["day", "bytes"])
      .where("day", ">=", firstDay)
      .where("day", "<=", lastDay)
      .orderBy("day")
      .execute();
    return ok(rows.map((r): FlowPoint => ({ date: r.day, flow: Number(r.bytes) })));
  },

  storage: async (request: FastifyRequest) => {
    const byDay = new Map<string, StoragePoint>();
    for (const r of await storageRows(orgScope(request, db), request.query)) {
      const point = byDay.get(r.day) ?? byDay.set(r.day, { date: r.day, size: 0 }).get(r.day)!;
      point.size += Number(r.bytes);
    }
    return ok([...byDay.values()]);
  },

  storageV2: async (request: FastifyRequest) => {
    const byDay = new Map<string, StorageV2Point>();
    const empty = (date: string): StorageV2Point => ({ date, size: 0, ...(Object.fromEntries(storageKinds.map((k) => [k, 0])) as Record<StorageKind, number>) });
    for (const r of await storageRows(orgScope(request, db), request.query)) {
      const point = byDay.get(r.day) ?? byDay.set(r.day, empty(r.day)).get(r.day)!;
      // The total is v1's; a kind this build does not know counts in it only.
      if (storageKinds.includes(r.kind as StorageKind)) point[r.kind as StorageKind] += Number(r.bytes);
      point.size += Number(r.bytes);
    }
    return ok([...byDay.values()]);
  },
});
