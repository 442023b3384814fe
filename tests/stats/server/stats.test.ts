import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import {
  BYTES_PER_GB,
  CONSUME_RANGE,
  DEFAULT_MODULES,
  MAX_CHART_POINTS,
  MISSING_RANGE,
  RANGE_ORDER,
  STAT_RANGE,
  bpsToMbps,
  bytesToGB,
  dashboardModules,
  formatGB,
  moduleKeys,
  statCallKeys,
  statsApi,
  type BandwidthPoint,
  type ConcurrencyPoint,
  type ConsumeRecord,
  type StorageV2Point,
} from "../../../resources/stats/stats";
import { permissionGroups } from "../../../resources/kernel/menu";
import { formatDateTime } from "../../../server/services/datetime";
import { BulkInsert } from "../../../server/seed/bulk-insert";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * The dashboard and statistics calls. Fixture usage is written into March 2025, far from the
 * seeded last three days, and every expectation is computed here from the fixture rows.
 */

let s: TestServer;
let admin: string;
let second: string;
const org: { first: number; second: number } = { first: 0, second: 0 };

const MIN = 60_000;
const DAY = 86_400_000;
const at = (y: number, m: number, d: number, h = 0, mi = 0, sec = 0) => new Date(y, m - 1, d, h, mi, sec).getTime();
const fmt = formatDateTime;
const dayOf = (ms: number) => fmt(ms).slice(0, 10);
const FIXTURE_START = at(2025, 3, 1);
const FIXTURE_DAYS = 33;

/** A minute sample: pseudo-random, shifted by the day, with a spike in the last minute of every other day. */
function usernum(orgId: number, i: number, seriesSalt: number): number {
  const dayIndex = Math.floor(i / 1440);
  const base = ((i * 7919 + seriesSalt * 104_729) % 500) + dayIndex * 10 + (orgId === org.second ? 3 : 0);
  return i % 1440 === 1439 && dayIndex % 2 === 1 ? 2000 + dayIndex : base;
}
const mbpsOf = (orgId: number, i: number) => Math.round((((i * 4973) % 9000) / 37 + (orgId === org.second ? 1000 : 0)) * 1000) / 1000;

const fixture = {
  live: [] as { org_id: number; ts: number; usernum: number }[],
  replay: [] as { org_id: number; ts: number; usernum: number }[],
  bandwidth: [] as { org_id: number; ts: number; mbps: number }[],
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  second = await signIn(s.app, "13900000000", "admin");
  const ids = await s.db.kysely.selectFrom("organisations").select(["id", "name"]).execute();
  org.first = ids.find((o) => o.name === "示例学校")!.id;
  org.second = ids.find((o) => o.name === "第二学校")!.id;

  const k = s.db.kysely as unknown as Kysely<unknown>;
  const live = new BulkInsert(k, s.db.dialect, "live_concurrency", [["org_id", "integer"], ["ts", "bigint"], ["usernum", "integer"]]);
  const replay = new BulkInsert(k, s.db.dialect, "replay_concurrency", [["org_id", "integer"], ["ts", "bigint"], ["usernum", "integer"]]);
  const bandwidth = new BulkInsert(k, s.db.dialect, "vod_bandwidth", [["org_id", "integer"], ["ts", "bigint"], ["mbps", "double precision"]]);
  for (const orgId of [org.first, org.second])
    for (let i = 0; i < FIXTURE_DAYS * 1440; i++) {
      const ts = FIXTURE_START + i * MIN;
      fixture.live.push({ org_id: orgId, ts, usernum: usernum(orgId, i, 1) });
      fixture.replay.push({ org_id: orgId, ts, usernum: usernum(orgId, i, 2) });
      await live.add([orgId, ts, usernum(orgId, i, 1)]);
      await replay.add([orgId, ts, usernum(orgId, i, 2)]);
      if (i % 5 === 0) {
        fixture.bandwidth.push({ org_id: orgId, ts, mbps: mbpsOf(orgId, i) });
        await bandwidth.add([orgId, ts, mbpsOf(orgId, i)]);
      }
    }
  for (const w of [live, replay, bandwidth]) await w.flush();
});
afterAll(() => s.close());

const get = async <T = unknown>(cookie: string, endpoint: Endpoint, params: Record<string, unknown> = {}) => {
  const { status, body } = await call(s.app, cookie, endpoint, params);
  return { status, ...body, data: body.data as T };
};
const range = (begin: number, end: number) => ({ begindate: fmt(begin), enddate: fmt(end) });

/** The maxima of the fixture rows in [begin, end], grouped by `keyOf`, in time order. */
function expectedMax<R extends { org_id: number; ts: number }>(rows: R[], value: (r: R) => number, orgId: number, begin: number, end: number, keyOf: (ts: number) => string) {
  const out = new Map<string, number>();
  for (const r of rows)
    if (r.org_id === orgId && r.ts >= begin && r.ts <= end) {
      const key = keyOf(r.ts);
      out.set(key, Math.max(out.get(key) ?? -Infinity, value(r)));
    }
  return [...out.entries()].map(([date, v]) => ({ date, v }));
}
const minuteBuckets = (begin: number, minutes: number) => (ts: number) => fmt(begin + Math.floor((ts - begin) / (minutes * MIN)) * minutes * MIN);

const rangeEndpoints = [statsApi.liveOnline, statsApi.replayOnline, statsApi.storage, statsApi.storageV2, statsApi.vodBandwidth, statsApi.vodFlow];

describe("date ranges", () => {
  it("accept 31 days and refuse 32 with 最多请求31天数据 on every chart", async () => {
    // The span is measured in milliseconds, as the pages measure it (a DST day does not stretch it).
    const begin = at(2025, 3, 1);
    for (const endpoint of rangeEndpoints) {
      expect((await get(admin, endpoint, range(begin, begin + 31 * DAY))).code, endpoint.path).toBe(0);
      for (const end of [begin + 31 * DAY + 1000, at(2025, 4, 1, 23, 59, 59)]) {
        const res = await get(admin, endpoint, range(begin, end));
        expect([res.status, res.code, res.msg], endpoint.path).toEqual([200, 400, STAT_RANGE.tooLong]);
      }
    }
    expect(STAT_RANGE.tooLong).toBe("最多请求31天数据");
  });

  it("ask for both dates with 请选择查询日期, and refuse a begin after the end", async () => {
    for (const endpoint of rangeEndpoints) {
      for (const [params, field] of [
        [{}, "begindate"],
        [{ begindate: "", enddate: "" }, "begindate"],
        [{ begindate: fmt(at(2025, 3, 1)) }, "enddate"],
        [{ enddate: fmt(at(2025, 3, 1)) }, "begindate"],
        [{ begindate: fmt(at(2025, 3, 1)), enddate: "" }, "enddate"],
      ] as const) {
        const res = await get(admin, endpoint, params);
        expect([res.code, res.msg, res.data], `${endpoint.path} ${JSON.stringify(params)}`).toEqual([400, MISSING_RANGE, { field }]);
      }
      const backwards = await get(admin, endpoint, range(at(2025, 3, 2), at(2025, 3, 1)));
      expect([backwards.code, backwards.msg]).toEqual([400, RANGE_ORDER]);
    }
    expect(MISSING_RANGE).toBe("请选择查询日期");
  });

  it("refuse a malformed or impossible date by name", async () => {
    for (const begindate of ["2025-03-01", "2025/03/01 00:00:00", "2025-02-30 00:00:00", "2025-03-01 24:00:00"]) {
      const res = await get(admin, statsApi.liveOnline, { begindate, enddate: "2025-03-02 00:00:00" });
      expect([res.code, res.msg, res.data], begindate).toEqual([400, "查询日期格式应为YYYY-MM-DD HH:mm:ss", { field: "begindate" }]);
    }
  });

  it("allow 93 days of consumption and refuse 94 with 最多查询3个月数据", async () => {
    expect((await get(admin, statsApi.consume, range(at(2025, 1, 1), at(2025, 1, 1) + 93 * DAY))).code).toBe(0);
    const res = await get(admin, statsApi.consume, range(at(2025, 1, 1), at(2025, 1, 1) + 93 * DAY + 1000));
    expect([res.code, res.msg]).toEqual([400, "最多查询3个月数据"]);
    expect(CONSUME_RANGE.tooLong).toBe("最多查询3个月数据");
    expect((await get(admin, statsApi.consume, {})).msg).toBe("请选择查询日期");
    expect((await get(admin, statsApi.consume, { ...range(at(2025, 1, 1), at(2025, 1, 2)), count: 1001 })).msg).toBe("每页条数应为1-1000");
    expect((await get(admin, statsApi.consume, { ...range(at(2025, 1, 1), at(2025, 1, 2)), type: "gold" })).msg).toBe("消费类型不正确");
  });
});

describe("concurrency", () => {
  const cases = [
    { name: "live", endpoint: () => statsApi.liveOnline, rows: () => fixture.live },
    { name: "replay", endpoint: () => statsApi.replayOnline, rows: () => fixture.replay },
  ];

  for (const c of cases) {
    it(`${c.name}: the daily maximum of each day beyond two days`, async () => {
      const begin = at(2025, 3, 1);
      const end = at(2025, 4, 1);
      const { data } = await get<ConcurrencyPoint[]>(admin, c.endpoint(), range(begin, end));
      const expected = expectedMax(c.rows(), (r) => r.usernum, org.first, begin, end, dayOf).map((e) => ({ date: e.date, usernum: e.v }));
      expect(expected).toHaveLength(32);
      expect(data).toEqual(expected);
      // The spikes in the last minute of every other day stay on their own day.
      expect(data.find((p) => p.date === "2025-03-02")!.usernum).toBe(2001);
    });

    it(`${c.name}: a range starting mid-day takes the maxima of the part it covers`, async () => {
      const begin = at(2025, 3, 5, 12, 30);
      const end = at(2025, 3, 9, 6, 0);
      const { data } = await get<ConcurrencyPoint[]>(admin, c.endpoint(), range(begin, end));
      expect(data).toEqual(expectedMax(c.rows(), (r) => r.usernum, org.first, begin, end, dayOf).map((e) => ({ date: e.date, usernum: e.v })));
      expect(data.map((p) => p.date)).toEqual(["2025-03-05", "2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09"]);
    });
  }

  it("answers every minute for a short range", async () => {
    const begin = at(2025, 3, 10, 9, 0);
    const end = at(2025, 3, 10, 10, 59, 59);
    const { data } = await get<ConcurrencyPoint[]>(admin, statsApi.liveOnline, range(begin, end));
    const raw = fixture.live.filter((r) => r.org_id === org.first && r.ts >= begin && r.ts <= end).map((r) => ({ date: fmt(r.ts), usernum: r.usernum }));
    expect(raw).toHaveLength(120);
    expect(data).toEqual(raw);
  });

  it("reduces one day to 2-minute and two days to 3-minute maxima, never over 1000 points", async () => {
    for (const [begin, end, minutes, points] of [
      [at(2025, 3, 10), at(2025, 3, 10, 23, 59, 59), 2, 720],
      [at(2025, 3, 10), at(2025, 3, 11, 23, 59, 59), 3, 960],
    ] as const) {
      const { data } = await get<ConcurrencyPoint[]>(admin, statsApi.replayOnline, range(begin, end));
      expect(data.length).toBe(points);
      expect(data.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
      expect(data).toEqual(expectedMax(fixture.replay, (r) => r.usernum, org.first, begin, end, minuteBuckets(begin, minutes)).map((e) => ({ date: e.date, usernum: e.v })));
    }
  });
});

describe("vod bandwidth, traffic and storage", () => {
  it("gives peak Mbps per bucket, hourly over 31 days and every 5 minutes over a day", async () => {
    for (const [begin, end, minutes, points] of [
      [at(2025, 3, 1), at(2025, 3, 1) + 31 * DAY - 1000, 60, 744],
      [at(2025, 3, 3), at(2025, 3, 3, 23, 59, 59), 5, 288],
    ] as const) {
      const { data } = await get<BandwidthPoint[]>(admin, statsApi.vodBandwidth, range(begin, end));
      expect(data.length).toBe(points);
      const expected = expectedMax(fixture.bandwidth, (r) => r.mbps, org.first, begin, end, minuteBuckets(begin, minutes));
      expect(data).toEqual(expected.map((e) => ({ date: e.date, mbps: Math.round(e.v * 100) / 100 })));
    }
  });

  it("answers storage and traffic in bytes, v2 split by kind", async () => {
    const GB = BYTES_PER_GB;
    const days = ["2025-03-01", "2025-03-02", "2025-03-03"];
    const kinds = { vod: [5 * GB + 123, 6 * GB + 456, 7 * GB], doc: [GB / 2, GB / 2, GB], cloud: [0, 3 * GB + 1, 3 * GB + 1] };
    for (const [kind, sizes] of Object.entries(kinds))
      for (const [i, day] of days.entries()) await s.db.kysely.insertInto("storage_daily").values({ org_id: org.first, day, kind, bytes: sizes[i] }).execute();
    for (const [i, day] of days.entries()) await s.db.kysely.insertInto("vod_traffic").values({ org_id: org.first, day, bytes: (i + 1) * 10 * GB + 7 }).execute();
    await s.db.kysely.insertInto("storage_daily").values({ org_id: org.second, day: days[0], kind: "vod", bytes: 42 }).execute();

    const q = range(at(2025, 3, 1), at(2025, 3, 3, 23, 59, 59));
    const total = (i: number) => kinds.vod[i] + kinds.doc[i] + kinds.cloud[i];
    expect((await get(admin, statsApi.storage, q)).data).toEqual(days.map((date, i) => ({ date, size: total(i) })));
    expect((await get<StorageV2Point[]>(admin, statsApi.storageV2, q)).data).toEqual(
      days.map((date, i) => ({ date, size: total(i), vod: kinds.vod[i], doc: kinds.doc[i], cloud: kinds.cloud[i] })),
    );
    expect((await get(admin, statsApi.vodFlow, q)).data).toEqual(days.map((date, i) => ({ date, flow: (i + 1) * 10 * GB + 7 })));
    expect((await get(second, statsApi.storage, q)).data).toEqual([{ date: days[0], size: 42 }]);
    expect((await get(second, statsApi.vodFlow, q)).data).toEqual([]);
  });

  it("converts units as the pages show them", () => {
    expect(bytesToGB(BYTES_PER_GB)).toBe(1);
    expect(bytesToGB(1.5 * 1024 ** 3)).toBe(1.5);
    expect(bytesToGB(2.344 * 1024 ** 3)).toBe(2.34);
    expect(bytesToGB(2.346 * 1024 ** 3)).toBe(2.35);
    expect(bytesToGB(1_000_000_000)).toBe(0.93);
    expect(formatGB(0)).toBe("0.00GB");
    expect(bpsToMbps(1_234_567)).toBe(1.23);
  });
});

describe("consumption", () => {
  it("lists one organisation's records newest day first, in yuan, by type and page", async () => {
    const rows = [
      { day: "2025-02-01", type: "live", value: 120, cost_milli: 36_000 },
      { day: "2025-02-01", type: "oss", value: 512.5, cost_milli: 2050 },
      { day: "2025-02-02", type: "bandwidth", value: 80.25, cost_milli: 40_125 },
      { day: "2025-02-02", type: "live", value: 130, cost_milli: 39_000 },
      { day: "2025-02-03", type: "convert", value: 300, cost_milli: 6001 },
    ];
    for (const r of rows) await s.db.kysely.insertInto("daily_consumption").values({ org_id: org.first, ...r }).execute();
    await s.db.kysely.insertInto("daily_consumption").values({ org_id: org.second, day: "2025-02-02", type: "live", value: 1, cost_milli: 300 }).execute();

    const q = { ...range(at(2025, 2, 1), at(2025, 2, 3, 23, 59, 59)), type: "all", page: 1, count: 1000 };
    // Rows priced before consume_detail was kept say nothing of how they were billed.
    const wire = (r: (typeof rows)[number]): ConsumeRecord => ({ recorddate: r.day, consumetype: r.type as ConsumeRecord["consumetype"], consumevalue: r.value, consumecost: r.cost_milli / 1000, billing: "", Id: `${r.day}:${r.type}` });
    const all = await get<ConsumeRecord[]>(admin, statsApi.consume, q);
    expect(all.count).toBe(5);
    expect(all.data).toEqual([rows[4], rows[2], rows[3], rows[0], rows[1]].map(wire));
    const live = await get<ConsumeRecord[]>(admin, statsApi.consume, { ...q, type: "live" });
    expect([live.count, live.data]).toEqual([2, [rows[3], rows[0]].map(wire)]);
    const page2 = await get<ConsumeRecord[]>(admin, statsApi.consume, { ...q, count: 2, page: 2 });
    expect([page2.count, page2.data]).toEqual([5, [rows[3], rows[0]].map(wire)]);
    const theirs = await get<ConsumeRecord[]>(second, statsApi.consume, q);
    expect([theirs.count, theirs.data]).toEqual([1, [{ recorddate: "2025-02-02", consumetype: "live", consumevalue: 1, consumecost: 0.3, billing: "", Id: "2025-02-02:live" }]]);

    // 合计: a row a day, its types' costs summed in thousandths (36.000 + 2.050), no usage.
    const total = await get<unknown[]>(admin, statsApi.consume, { ...q, type: "total" });
    expect([total.count, total.data]).toEqual([
      3,
      [
        { recorddate: "2025-02-03", consumetype: "total", consumevalue: null, consumecost: 6.001, Id: "2025-02-03:total" },
        { recorddate: "2025-02-02", consumetype: "total", consumevalue: null, consumecost: 79.125, Id: "2025-02-02:total" },
        { recorddate: "2025-02-01", consumetype: "total", consumevalue: null, consumecost: 38.05, Id: "2025-02-01:total" },
      ],
    ]);
    // Paged: a full page counts the days, the short last page counts itself.
    const days = async (page: number) => {
      const r = await get<{ recorddate: string; consumecost: number }[]>(admin, statsApi.consume, { ...q, type: "total", count: 2, page });
      return [r.count, r.data.map((d) => `${d.recorddate} ${d.consumecost}`)];
    };
    expect(await days(1)).toEqual([3, ["2025-02-03 6.001", "2025-02-02 79.125"]]);
    expect(await days(2)).toEqual([3, ["2025-02-01 38.05"]]);
    expect(await days(3)).toEqual([3, []]);
    // The sums follow every writer: an upsert's update (as rating does), a delete, a new day.
    await s.db.kysely
      .insertInto("daily_consumption")
      .values({ org_id: org.first, day: "2025-02-01", type: "live", value: 121, cost_milli: 36_300 })
      .onConflict((oc) => oc.columns(["org_id", "day", "type"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), cost_milli: eb.ref("excluded.cost_milli") })))
      .execute();
    await s.db.kysely.deleteFrom("daily_consumption").where("org_id", "=", org.first).where("day", "=", "2025-02-03").execute();
    await s.db.kysely.insertInto("daily_consumption").values({ org_id: org.first, day: "2025-02-03", type: "oss", value: 1, cost_milli: 4 }).execute();
    expect(await days(1)).toEqual([3, ["2025-02-03 0.004", "2025-02-02 79.125"]]);
    expect(await days(2)).toEqual([3, ["2025-02-01 38.35"]]);
  });

  it("says how each rated day was billed, from its consume_detail", async () => {
    const detail = (d: object) => JSON.stringify({ rate_period: "daily", excess_period: "daily", daily_consume: 1, daily_discount: 0, monthly_consume: 1, monthly_discount: 0, discount_value: 0, base: 0, base_cost: 0, ...d });
    const rated = [
      { day: "2025-03-01", type: "live", value: 20, cost_milli: 6000, detail: detail({ rate_type: "concurrency" }) },
      { day: "2025-03-01", type: "oss", value: 12, cost_milli: 8, detail: detail({ base: 10 }) },
      { day: "2025-03-01", type: "replay", value: 3, cost_milli: 300, detail: detail({ rate_type: "concurrency", rate_period: "monthly", excess_period: "hourly", base_cost: 99 }) },
    ];
    for (const r of rated) await s.db.kysely.insertInto("daily_consumption").values({ org_id: org.first, ...r }).execute();
    const answer = await get<ConsumeRecord[]>(admin, statsApi.consume, { ...range(at(2025, 3, 1), at(2025, 3, 1, 23, 59, 59)), type: "all", page: 1, count: 10 });
    expect(Object.fromEntries(answer.data.map((r) => [r.consumetype, r.billing]))).toEqual({
      live: "峰值并发·按日计费",
      oss: "按日计费，免费10GB",
      replay: "峰值并发·按月计费，超出部分按小时计费，最低消费¥99.00",
    });
  });

  it("sums today's cost per item in yuan", async () => {
    const today = dayOf(Date.now());
    await s.db.kysely.deleteFrom("daily_consumption").where("org_id", "=", org.second).where("day", "=", today).execute();
    for (const [type, cost_milli] of [["live", 12_345], ["replay", 500], ["sms", 1000], ["voicesms", 150], ["oss", 999_999]] as const)
      await s.db.kysely.insertInto("daily_consumption").values({ org_id: org.second, day: today, type, value: 1, cost_milli }).execute();
    expect((await get(second, statsApi.todayConsume)).data).toEqual({ live: 12.345, replay: 0.5, sms: 1, voicesms: 0.15 });
    const seeded = await s.db.kysely.selectFrom("daily_consumption").select(["type", "cost_milli"]).where("org_id", "=", org.first).where("day", "=", today).execute();
    const mine = (await get<Record<string, number>>(admin, statsApi.todayConsume)).data;
    for (const type of ["live", "replay", "sms", "voicesms"]) expect(mine[type]).toBe(Number(seeded.find((r) => r.type === type)?.cost_milli ?? 0) / 1000);
  });
});

describe("home cards", () => {
  it("counts visitors and views today, or over a range", async () => {
    const days = [["2025-03-01", 10, 50, 3, 9], ["2025-03-02", 20, 70, 4, 12]] as const;
    for (const [day, uv, pv, vod_uv, vod_pv] of days) await s.db.kysely.insertInto("page_views").values({ org_id: org.second, day, uv, pv, vod_uv, vod_pv }).execute();
    const summed = await get(second, statsApi.uvpv, range(at(2025, 3, 1), at(2025, 3, 2, 12)));
    expect(summed.data).toEqual({ uv: 30, pv: 120, vod_uv: 7, vod_pv: 21 });
    expect((await get(second, statsApi.uvpv, { begindate: fmt(at(2025, 3, 1)) })).msg).toBe(MISSING_RANGE);
    expect((await get(second, statsApi.uvpv, range(at(2025, 1, 1), at(2025, 3, 1)))).msg).toBe("最多请求31天数据");

    const today = await s.db.kysely.selectFrom("page_views").selectAll().where("org_id", "=", org.first).where("day", "=", dayOf(Date.now())).executeTakeFirstOrThrow();
    expect((await get(admin, statsApi.uvpv)).data).toEqual({ uv: today.uv, pv: today.pv, vod_uv: today.vod_uv, vod_pv: today.vod_pv });
  });

  it("counts the organisation's teachers, assistants and students", async () => {
    for (const [cookie, orgId] of [[admin, org.first], [second, org.second]] as const) {
      const rows = await s.db.kysely.selectFrom("identities").select(["role"]).where("org_id", "=", orgId).execute();
      const n = (role: string) => rows.filter((r) => r.role === role).length;
      expect((await get(cookie, statsApi.users)).data).toEqual({ assistant: n("assistant"), student: n("student"), teacher: n("teacher") });
    }
  });

  it("counts courses, lives and recorded courses, and today's lives by scale", async () => {
    const before = { courses: (await get<Record<string, number>>(second, statsApi.courseLive)).data, today: (await get<Record<string, number>>(second, statsApi.todayLive)).data };
    const now = Date.now();
    const midnight = at(new Date(now).getFullYear(), new Date(now).getMonth() + 1, new Date(now).getDate());
    const k = s.db.kysely;
    const addCourse = async (type: number) =>
      (await k.insertInto("courses").values({ org_id: org.second, title: "统计测试", type, max_user_num: 25, expire: now + 30 * DAY, headimg: "", detail: "", status: 1, create_user: "测试", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
    const liveCourse = await addCourse(1);
    const vodCourse = await addCourse(200);
    const addLive = (course_id: number, begin: number, scale: number, status: number, voided = 0) =>
      k.insertInto("lives").values({ org_id: org.second, course_id, title: "统计测试", begin_time: begin, end_time: begin + 3600_000, status, scale, voided, detail: "", master_id: 0, created_at: now, updated_at: now }).execute();
    await addLive(liveCourse, midnight + MIN, 1, 2);
    await addLive(liveCourse, midnight + 2 * MIN, 6, 1);
    await addLive(liveCourse, midnight + 3 * MIN, 0, 0);
    await addLive(liveCourse, midnight + 4 * MIN, 5, 0);
    await addLive(liveCourse, midnight + 5 * MIN, 2, 0);
    await addLive(liveCourse, midnight + 6 * MIN, 1, 0, 1); // voided: counts nowhere
    await addLive(liveCourse, midnight + DAY + MIN, 1, 0); // tomorrow
    await addLive(liveCourse, midnight - MIN, 0, 2); // yesterday
    await addLive(vodCourse, midnight + 7 * MIN, 1, 0); // a recorded session, not a live

    const after = { courses: (await get<Record<string, number>>(second, statsApi.courseLive)).data, today: (await get<Record<string, number>>(second, statsApi.todayLive)).data };
    expect(after.courses).toEqual({ course: before.courses.course + 1, live: before.courses.live + 7, vod: before.courses.vod + 1 });
    expect(after.today).toEqual({
      total: before.today.total + 5,
      used: before.today.used + 2,
      big: before.today.big + 2,
      samll: before.today.samll + 1,
      ass: before.today.ass + 1,
    });
    // The first school's figures do not move.
    const mine = (await get<Record<string, number>>(admin, statsApi.courseLive)).data;
    const theirCourses = await k.selectFrom("courses").select("type").where("org_id", "=", org.first).execute();
    expect(mine.course + mine.vod).toBe(theirCourses.length);
  });
});

describe("dashboard modules", () => {
  it("declares the thirteen modules and their 'more' pages", () => {
    expect(dashboardModules.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(dashboardModules.filter((m) => m.more).map((m) => m.more)).toEqual(["/liveConcurrencyStat", "/replayConcurrencyStat", "/storeStat", "/replayBandwidthStat", "/storeStatv2"]);
    expect(DEFAULT_MODULES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("answers the default list until the organisation saves one, then its own", async () => {
    expect((await get(second, statsApi.boardConfig)).data).toEqual(DEFAULT_MODULES);
    expect((await get(admin, statsApi.boardConfig)).data).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const subadmin = await signIn(s.app, "13800000009", "admin");
    expect((await get(subadmin, statsApi.saveBoardConfig, { modules: [13, 1, 7] })).code).toBe(0);
    expect((await get(admin, statsApi.boardConfig)).data).toEqual([13, 1, 7]);
    expect((await get(second, statsApi.boardConfig)).data).toEqual(DEFAULT_MODULES);
    expect((await get(second, statsApi.saveBoardConfig, { modules: [2] })).code).toBe(0);
    expect((await get(second, statsApi.boardConfig)).data).toEqual([2]);
    expect((await get(admin, statsApi.boardConfig)).data).toEqual([13, 1, 7]);
  });

  it("refuses a list that is not of unique module numbers", async () => {
    for (const [payload, msg] of [
      [{}, "请选择首页模块"],
      [{ modules: [] }, "请至少选择一个首页模块"],
      [{ modules: [0] }, "首页模块编号应为1-13"],
      [{ modules: [14] }, "首页模块编号应为1-13"],
      [{ modules: [1.5] }, "首页模块编号应为1-13"],
      [{ modules: [1, 1] }, "首页模块不能重复"],
      [{ modules: "all" }, "首页模块编号应为1-13"],
    ] as const) {
      const res = await get(second, statsApi.saveBoardConfig, payload);
      expect([res.code, res.msg], JSON.stringify(payload)).toEqual([400, msg]);
    }
    expect((await get(second, statsApi.boardConfig)).data).toEqual([2]);
  });
});

describe("access", () => {
  const everyEndpoint = Object.values(statsApi);
  const paramsOf = (e: Endpoint) => (e === statsApi.saveBoardConfig ? { modules: [1] } : range(at(2025, 3, 1), at(2025, 3, 2)));

  it("answers 401 without a session and 403 to teachers, assistants and students", async () => {
    for (const endpoint of everyEndpoint) expect((await get("", endpoint, paramsOf(endpoint))).status, endpoint.path).toBe(401);
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"], ["13800000009", "teacher"]] as const) {
      const cookie = await signIn(s.app, mobile, type);
      for (const endpoint of everyEndpoint) {
        const res = await get(cookie, endpoint, paramsOf(endpoint));
        expect([res.status, res.code, res.msg], `${type} ${endpoint.path}`).toEqual([403, 403, "拒绝访问"]);
      }
    }
  });

  it("lets any admin read the teaching figures, and a sub-admin the account's only with its menu keys", async () => {
    const keyed = new Set([statsApi.storage, statsApi.storageV2, statsApi.vodFlow, statsApi.todayConsume, statsApi.consume]);
    const reads = everyEndpoint.filter((e) => e.method === "GET");
    const params = (e: Endpoint) => (e === statsApi.consume ? { ...paramsOf(e), type: "all", page: 1, count: 10 } : paramsOf(e));
    // 13800000004 holds only the user-management menus; 13800000009 also 账户概览 and 消费记录.
    const usersOnly = await signIn(s.app, "13800000004", "admin");
    const withAccount = await signIn(s.app, "13800000009", "admin");
    for (const endpoint of reads) {
      const refused = await get(usersOnly, endpoint, params(endpoint));
      const expected = keyed.has(endpoint) ? [403, 403, "拒绝访问"] : [200, 0, "ok"];
      expect([refused.status, refused.code, refused.msg], endpoint.path).toEqual(expected);
      expect((await get(withAccount, endpoint, params(endpoint))).code, endpoint.path).toBe(0);
    }
  });

  it("names the menu key behind each account module, as resources/kernel/menu.ts spells it", () => {
    const keys = new Set(permissionGroups.flatMap((g) => g.items.map((i) => i.key)));
    expect(Object.values(statCallKeys).every((k) => keys.has(k!))).toBe(true);
    const keyed = dashboardModules.filter((m) => moduleKeys(m).length > 0).map((m) => [m.id, moduleKeys(m)]);
    expect(keyed).toEqual([[3, ["accountOverview"]], [6, ["costrecord"]], [9, ["accountOverview"]], [10, ["costrecord"]], [12, ["accountOverview"]], [13, ["accountOverview"]]]);
  });

  it("lets a sub-admin save only modules it may see, keeping the others where they were", async () => {
    const usersOnly = await signIn(s.app, "13800000004", "admin");
    const before = (await get<number[]>(admin, statsApi.boardConfig)).data;
    for (const modules of [[3], [1, 6], [10]]) {
      const res = await get(usersOnly, statsApi.saveBoardConfig, { modules });
      expect([res.status, res.code, res.msg], JSON.stringify(modules)).toEqual([403, 403, "拒绝访问"]);
    }
    expect((await get(admin, statsApi.boardConfig)).data).toEqual(before);

    expect((await get(admin, statsApi.saveBoardConfig, { modules: [3, 1, 9, 2, 6, 7] })).code).toBe(0);
    const saved = await get<number[]>(usersOnly, statsApi.saveBoardConfig, { modules: [8, 4, 1] });
    expect(saved.code).toBe(0);
    // 3, 9 and 6 are not this sub-admin's to see: they keep their places; 8, 4, 1 fill the rest.
    expect(saved.data).toEqual([3, 8, 9, 4, 6, 1]);
    expect((await get(admin, statsApi.boardConfig)).data).toEqual([3, 8, 9, 4, 6, 1]);
    expect((await get(admin, statsApi.saveBoardConfig, { modules: before })).code).toBe(0);
  });

  it("keeps each organisation to its own samples", async () => {
    const q = range(at(2025, 3, 1), at(2025, 3, 10));
    const theirs = (await get<ConcurrencyPoint[]>(second, statsApi.liveOnline, q)).data;
    expect(theirs).toEqual(expectedMax(fixture.live, (r) => r.usernum, org.second, at(2025, 3, 1), at(2025, 3, 10), dayOf).map((e) => ({ date: e.date, usernum: e.v })));
    const mine = (await get<ConcurrencyPoint[]>(admin, statsApi.liveOnline, q)).data;
    expect(theirs.map((p) => p.usernum)).not.toEqual(mine.map((p) => p.usernum));
  });

  it("publishes every endpoint in the OpenAPI document", async () => {
    const doc = (await s.app.inject({ url: "/api/docs/json" })).json();
    for (const endpoint of everyEndpoint) expect(doc.paths[endpoint.path], endpoint.path).toHaveProperty(endpoint.method.toLowerCase());
  });
});

describe("the demo history", () => {
  it("holds a sample every minute up to now, quiet at night, and storage that never shrinks its recordings", async () => {
    const now = Date.now();
    const start = at(new Date(now).getFullYear(), new Date(now).getMonth() + 1, new Date(now).getDate()) - 2 * DAY;
    const rows = await s.db.kysely.selectFrom("live_concurrency").select(["ts", "usernum"]).where("org_id", "=", org.first).where("ts", ">=", start).orderBy("ts").execute();
    expect(rows[0].ts).toBe(start);
    expect(rows.every((r, i) => i === 0 || r.ts - rows[i - 1].ts === MIN)).toBe(true);
    expect(now - rows[rows.length - 1].ts).toBeLessThan(2 * MIN);
    const hourOf = (ts: number) => new Date(ts).getHours();
    const night = rows.filter((r) => hourOf(r.ts) < 5 && r.ts < start + DAY);
    const evening = rows.filter((r) => hourOf(r.ts) >= 19 && hourOf(r.ts) < 21 && r.ts < start + DAY);
    expect(Math.max(...night.map((r) => r.usernum))).toBeLessThan(Math.max(...evening.map((r) => r.usernum)));

    const vod = await s.db.kysely.selectFrom("storage_daily").select(["day", "bytes"]).where("org_id", "=", org.first).where("kind", "=", "vod").where("day", ">=", dayOf(start)).orderBy("day").execute();
    expect(vod).toHaveLength(3);
    expect(vod.every((r, i) => i === 0 || r.bytes >= vod[i - 1].bytes)).toBe(true);
    expect(typeof vod[0].bytes).toBe("number");
    expect(formatGB(vod[0].bytes)).toMatch(/^\d+\.\d\dGB$/);
  });
});
