import { sql, type Kysely } from "kysely";
import type { Db } from "../db/database";
import { BYTES_PER_GB, dashboardModules, storageKinds, type ConsumeType, type StorageKind } from "../../resources/stats/stats";
import { addDays, localDay, startOfDay } from "../services/stat-range";
import { BulkInsert, type BulkColumn } from "./bulk-insert";
import { consumeDetail, costOf, defaultPriceList, priceLists } from "../../resources/billing/prices";

/** The demo organisations' history is priced as the rating job would price it. */
const tariff = priceLists[defaultPriceList];


const MINUTE_MS = 60_000;
const BANDWIDTH_STEP_MIN = 5;

/** A small seeded generator, so every fresh demo tells the same story. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (lo: number, hi: number) => lo + (hi - lo) * next() };
}

/** 0 → 1 → 0 over [from, to] hours, with quarter-hour ramps. */
const lesson = (h: number, from: number, to: number) => Math.max(0, Math.min(1, (h - from + 0.25) / 0.25, (to + 0.25 - h) / 0.25));
const bell = (h: number, centre: number, width: number) => Math.exp(-(((h - centre) / width) ** 2));

/**
 * The share of an organisation's students in live rooms at an hour of the day: morning,
 * afternoon and evening classes on weekdays, a later and lighter weekend, a short break before
 * each hour, almost nobody at night.
 */
function liveLoad(h: number, weekend: boolean): number {
  const blocks: [number, number, number][] = weekend
    ? [[9, 11.5, 0.45], [14, 17, 0.7], [19, 21, 0.55]]
    : [[8, 11.5, 0.75], [14, 17, 0.6], [19, 21.5, 1]];
  const inClass = Math.max(...blocks.map(([from, to, peak]) => peak * lesson(h, from, to)));
  const breakDip = h % 1 >= 50 / 60 ? 0.8 : 1;
  return Math.max(0.01, inClass * breakDip);
}

/** Replays are watched around lunch and most in the evening, a little all day. */
const replayLoad = (h: number, weekend: boolean) =>
  0.03 + 0.1 * bell(h, 10, 2) + 0.2 * bell(h, 13, 1.2) + (weekend ? 0.7 : 0.55) * bell(h, 21.5, 1.6);

interface OrgScale {
  id: number;
  students: number;
  teachers: number;
}

/** What one day added up to, for the daily tables. */
interface DayTotals {
  livePeak: number;
  replayPeak: number;
  bandwidthPeak: number;
  trafficBytes: number;
  /** Minutes of recorded rooms: transcoded, then stored. */
  roomMinutes: number;
  /** Share of the day's activity that has happened (1 for past days, less for today). */
  elapsedShare: number;
}

type Writers = Record<"live" | "replay" | "bandwidth" | "traffic" | "storage" | "consumption" | "views", BulkInsert>;

function writersOf(k: Kysely<unknown>, dialect: Db["dialect"]): Writers {
  const writer = (table: string, columns: BulkColumn[]) => new BulkInsert(k, dialect, table, columns);
  const org: BulkColumn = ["org_id", "integer"];
  const ts: BulkColumn = ["ts", "bigint"];
  const day: BulkColumn = ["day", "text"];
  const int = (name: string): BulkColumn => [name, "integer"];
  const big = (name: string): BulkColumn => [name, "bigint"];
  return {
    live: writer("live_concurrency", [org, ts, int("usernum")]),
    replay: writer("replay_concurrency", [org, ts, int("usernum")]),
    bandwidth: writer("vod_bandwidth", [org, ts, ["mbps", "double precision"]]),
    traffic: writer("vod_traffic", [org, day, big("bytes")]),
    storage: writer("storage_daily", [org, day, ["kind", "text"], big("bytes")]),
    consumption: writer("daily_consumption", [org, day, ["type", "text"], ["value", "double precision"], big("cost_milli"), ["detail", "text"]]),
    views: writer("page_views", [org, day, int("uv"), int("pv"), int("vod_uv"), int("vod_pv")]),
  };
}

/** One organisation's history: its size sets the peaks, its seed the story. */
class OrgHistory {
  private readonly rnd: ReturnType<typeof random>;
  private readonly livePeak: number;
  private readonly replayPeak: number;
  private readonly stored: Record<StorageKind, number>;
  /** Each type's use so far in its month, for the days' consume_detail. */
  private readonly monthly = new Map<string, number>();

  constructor(
    private readonly org: OrgScale,
    private readonly w: Writers,
  ) {
    this.rnd = random(org.id * 7919);
    this.livePeak = Math.max(8, Math.round(org.students * 0.6));
    this.replayPeak = Math.max(3, Math.round(this.livePeak * 0.35));
    this.stored = {
      vod: Math.round(this.rnd.between(80, 120) * (this.livePeak / 100) * BYTES_PER_GB),
      doc: Math.round(this.rnd.between(2, 6) * BYTES_PER_GB),
      cloud: Math.round(this.rnd.between(10, 30) * BYTES_PER_GB),
    };
  }

  /** The samples of one day up to `now`; `growth` (0 → 1 over the history) makes the school grow. */
  async day(day: number, now: number, growth: number): Promise<void> {
    const { rnd, org, w } = this;
    const weekend = [0, 6].includes(new Date(day).getDay());
    const dayFactor = rnd.between(0.85, 1.1) * (0.8 + 0.2 * growth);
    const totals: DayTotals = { livePeak: 0, replayPeak: 0, bandwidthPeak: 0, trafficBytes: 0, roomMinutes: 0, elapsedShare: 0 };
    let activity = 0;
    let activityDone = 0;
    const nextDay = addDays(day, 1);
    for (let ts = day; ts < nextDay; ts += MINUTE_MS) {
      const h = (ts - day) / 3_600_000;
      const load = liveLoad(h, weekend);
      activity += load;
      if (ts > now) continue;
      activityDone += load;
      const users = Math.max(0, Math.round(this.livePeak * dayFactor * load * rnd.between(0.9, 1.1) + (rnd.next() < 0.3 ? 1 : 0) - 0.5));
      const watching = Math.max(0, Math.round(this.replayPeak * dayFactor * replayLoad(h, weekend) * rnd.between(0.85, 1.15)));
      await w.live.add([org.id, ts, users]);
      await w.replay.add([org.id, ts, watching]);
      totals.livePeak = Math.max(totals.livePeak, users);
      totals.replayPeak = Math.max(totals.replayPeak, watching);
      // A recorded room for every 30 students online.
      if (users >= 5) totals.roomMinutes += Math.ceil(users / 30);
      if (((ts - day) / MINUTE_MS) % BANDWIDTH_STEP_MIN === 0) {
        // Replay viewers at about 1.2 Mbps each, plus the recorded courses' own viewers.
        const mbps = Math.round((watching * 1.2 + this.replayPeak * 0.15 * dayFactor * rnd.next()) * 100) / 100;
        await w.bandwidth.add([org.id, ts, mbps]);
        totals.bandwidthPeak = Math.max(totals.bandwidthPeak, mbps);
        totals.trafficBytes += Math.round(((mbps * 1e6) / 8) * BANDWIDTH_STEP_MIN * 60);
      }
    }
    totals.elapsedShare = activity ? activityDone / activity : 0;
    await this.dailyRecords(localDay(day), weekend, totals);
  }

  /** Traffic, storage, visits and consumption of the day, following its samples. */
  private async dailyRecords(label: string, weekend: boolean, totals: DayTotals): Promise<void> {
    const { rnd, org, w, stored } = this;
    await w.traffic.add([org.id, label, totals.trafficBytes]);

    // Recordings land in vod storage (about 4 MB a room-minute); courseware on weekdays; the
    // cloud disk in bursts, now and then tidied.
    stored.vod += totals.roomMinutes * 4 * 1024 * 1024;
    if (!weekend) stored.doc += Math.round(rnd.between(20, 200) * 1024 * 1024);
    const burst = rnd.next();
    if (burst < 0.2) stored.cloud += Math.round(rnd.between(0.5, 3) * BYTES_PER_GB);
    else if (burst > 0.97) stored.cloud = Math.max(0, stored.cloud - Math.round(rnd.between(0.5, 2) * BYTES_PER_GB));
    for (const kind of storageKinds) await w.storage.add([org.id, label, kind, stored[kind]]);

    const share = totals.elapsedShare;
    const uv = Math.round((org.students * rnd.between(weekend ? 0.35 : 0.55, weekend ? 0.55 : 0.85) + org.teachers) * share);
    const vodUv = Math.round(uv * rnd.between(0.25, 0.45));
    await w.views.add([org.id, label, uv, Math.round(uv * rnd.between(5, 9)), vodUv, Math.round(vodUv * rnd.between(3, 5))]);

    const sms = Math.round((weekend ? 0.2 : 1) * org.students * rnd.between(0.08, 0.15) * share);
    const storedGB = Math.round((storageKinds.reduce((sum, k) => sum + stored[k], 0) / BYTES_PER_GB) * 100) / 100;
    const used: [ConsumeType, number][] = [
      ["live", totals.livePeak],
      ["replay", totals.replayPeak],
      ["bandwidth", totals.bandwidthPeak],
      ["oss", storedGB],
      ["convert", totals.roomMinutes],
      ["sms", sms],
      ["voicesms", Math.round(sms * 0.3)],
    ];
    for (const [type, value] of used) {
      const month = `${label.slice(0, 7)}:${type}`;
      const before = label.endsWith("-01") ? 0 : (this.monthly.get(month) ?? 0);
      this.monthly.set(month, before + value);
      await w.consumption.add([org.id, label, type, value, costOf(tariff[type], value), JSON.stringify(consumeDetail(tariff[type], value, before))]);
    }
  }
}

/**
 * Usage history for every organisation (the spec's conventions, "Demo data"): live and replay
 * concurrency every minute, vod bandwidth every 5 minutes, daily traffic, storage growing with
 * the recordings, uv/pv and daily consumption, for `historyDays` days up to now. About 520,000
 * rows for 90 days and two organisations, in one transaction.
 */
export async function seedUsage(db: Db, opts: { historyDays?: number; now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const historyDays = opts.historyDays ?? 90;
  const firstDay = addDays(startOfDay(now), -(historyDays - 1));
  const orgs = await organisationsOf(db);

  await db.kysely.transaction().execute(async (tx) => {
    const w = writersOf(tx as unknown as Kysely<unknown>, db.dialect);
    for (const org of orgs) {
      const history = new OrgHistory(org, w);
      for (let day = firstDay, d = 0; day <= now; day = addDays(day, 1), d++) await history.day(day, now, d / Math.max(1, historyDays - 1));
    }
    for (const writer of Object.values(w)) await writer.flush();

    // The first school shows every module, the second the default list (1 §2.3).
    const first = orgs[0];
    if (first)
      await tx.insertInto("board_config").values({ org_id: first.id, modules: JSON.stringify(dashboardModules.map((m) => m.id)), updated_at: now }).execute();
  });

  // After a bulk load PostgreSQL has neither statistics nor a visibility map for the new rows
  // until autovacuum comes by; without them a month's chart reads the heap instead of an
  // index-only scan (measured: 27 ms against 10 ms). Outside the transaction, as VACUUM must be.
  if (db.dialect === "postgres") await sql`vacuum (analyze) ${sql.join(USAGE_TABLES.map((t) => sql.table(t)))}`.execute(db.kysely);
}

const USAGE_TABLES = ["live_concurrency", "replay_concurrency", "vod_bandwidth", "vod_traffic", "storage_daily", "daily_consumption", "page_views"];

async function organisationsOf(db: Db): Promise<OrgScale[]> {
  const orgs = await db.kysely.selectFrom("organisations").select("id").orderBy("id").execute();
  const people = await db.kysely
    .selectFrom("identities")
    .select((eb) => ["org_id", "role", eb.fn.countAll<number>().as("n")])
    .where("role", "in", ["student", "teacher"])
    .groupBy(["org_id", "role"])
    .execute();
  const count = (orgId: number, role: string) => Number(people.find((p) => p.org_id === orgId && p.role === role)?.n ?? 0);
  return orgs.map((o) => ({ id: o.id, students: count(o.id, "student"), teachers: count(o.id, "teacher") }));
}
