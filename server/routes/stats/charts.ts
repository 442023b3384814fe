import type { FastifyInstance } from "fastify";
import { statsApi, storageKinds, type FlowPoint, type StorageKind, type StoragePoint, type StorageV2Point } from "../../../resources/stats";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { needRange, type RangeQuery } from "../../services/stat-range";
import { bandwidthSeries, concurrencySeries } from "../../services/usage-series";
import { route } from "../../engine/route";
import type { OrgScope } from "../../engine/org-scope";
import { adminScope, guardOf } from "./access";

const tags = ["stats"];
const query = "stat.range";

/** The range charts of 3 §2.2: {begindate, enddate} of at most 31 days. */
export default function chartRoutes(app: FastifyInstance, { db }: Ctx) {
  const range = (q: unknown) => needRange(q as RangeQuery);

  route(app, statsApi.liveOnline, { guard: guardOf("liveOnline"), query, summary: "Live concurrency: [{date, usernum}], minute buckets up to 2 days, daily maxima beyond", tags }, async (request) =>
    ok(await concurrencySeries(adminScope(request, db), "live_concurrency", range(request.query))),
  );

  route(app, statsApi.replayOnline, { guard: guardOf("replayOnline"), query, summary: "Replay concurrency: [{date, usernum}], minute buckets up to 2 days, daily maxima beyond", tags }, async (request) =>
    ok(await concurrencySeries(adminScope(request, db), "replay_concurrency", range(request.query))),
  );

  route(app, statsApi.vodBandwidth, { guard: guardOf("vodBandwidth"), query, summary: "Vod bandwidth: [{date, mbps}], peak per bucket, at most 1000 points", tags }, async (request) =>
    ok(await bandwidthSeries(adminScope(request, db), range(request.query))),
  );

  route(app, statsApi.vodFlow, { guard: guardOf("vodFlow"), query, summary: "Vod traffic: [{date, flow}] bytes per day", tags }, async (request) => {
    const { firstDay, lastDay } = range(request.query);
    const rows = await adminScope(request, db)
      .selectFrom("vod_traffic")
      .select(["day", "bytes"])
      .where("day", ">=", firstDay)
      .where("day", "<=", lastDay)
      .orderBy("day")
      .execute();
    return ok(rows.map((r): FlowPoint => ({ date: r.day, flow: Number(r.bytes) })));
  });

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

  route(app, statsApi.storage, { guard: guardOf("storage"), query, summary: "Storage: [{date, size}] bytes stored at the end of each day", tags }, async (request) => {
    const byDay = new Map<string, StoragePoint>();
    for (const r of await storageRows(adminScope(request, db), request.query)) {
      const point = byDay.get(r.day) ?? byDay.set(r.day, { date: r.day, size: 0 }).get(r.day)!;
      point.size += Number(r.bytes);
    }
    return ok([...byDay.values()]);
  });

  route(app, statsApi.storageV2, { guard: guardOf("storageV2"), query, summary: "Storage v2: [{date, size, vod, doc, cloud}] bytes at the end of each day, by kind", tags }, async (request) => {
    const byDay = new Map<string, StorageV2Point>();
    const empty = (date: string): StorageV2Point => ({ date, size: 0, ...(Object.fromEntries(storageKinds.map((k) => [k, 0])) as Record<StorageKind, number>) });
    for (const r of await storageRows(adminScope(request, db), request.query)) {
      const point = byDay.get(r.day) ?? byDay.set(r.day, empty(r.day)).get(r.day)!;
      // The total is v1's; a kind this build does not know counts in it only.
      if (storageKinds.includes(r.kind as StorageKind)) point[r.kind as StorageKind] += Number(r.bytes);
      point.size += Number(r.bytes);
    }
    return ok([...byDay.values()]);
  });
}
