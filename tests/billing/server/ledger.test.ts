import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costOf, priceLists, type LedgerKind } from "../../../resources/billing/prices";
import { BYTES_PER_GB } from "../../../resources/stats/stats";
import { openDb, type Db } from "../../../server/db/database";
import { moveBalance, reconcile, type Movement } from "../../../server/engine/ledger";
import { consumeRef, rateAll, rateDay } from "../../../server/services/billing/rating";
import { createOrganisation } from "../../../server/services/organisations";
import { seededDatabase } from "../../kernel/server/helpers";
import { freezeClock } from "../../kernel/support/clock";

// The days rated below are named by their dates: the tests run at one instant, whatever the day.
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * Issue 19 item 1: the ledger and the rating job. On PostgreSQL two handles on one database stand
 * for two server processes (two pools, so the parallel calls really are parallel). Runs on SQLite,
 * and on PostgreSQL with DATABASE_URL.
 */
const on = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const DAY = "2026-01-10";
const at = (hh: number, mm = 0) => new Date(2026, 0, 10, hh, mm).getTime();
const AFTER = new Date(2026, 0, 11, 1).getTime();

let a: Db;
let b: Db;
let drop: () => Promise<void>;
let orgOf: (name: string) => Promise<number>;

beforeAll(async () => {
  const seeded = await seededDatabase();
  a = seeded.db;
  // SQLite is one process's database (docs/features.md): there, the "other process" is the same handle.
  b = seeded.fresh.url ? openDb({ databaseUrl: seeded.fresh.url, dataDir: seeded.fresh.dataDir, poolSize: 4 }) : a;
  drop = seeded.fresh.drop;
  let n = 0;
  orgOf = async (name) =>
    (await createOrganisation(a, { name, mobile: `1390000${String(++n).padStart(4, "0")}`, adminName: "管理员", password: "demo12345", balanceYuan: 1000 }, 64)).orgId;
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
  await drop();
});

describe(`the ledger (${on})`, () => {
  it("opens every organisation's ledger with its balance, and the demo's balance is the sum of its ledger", async () => {
    const orgs = await a.kysely.selectFrom("organisations").select("id").execute();
    for (const { id } of orgs) {
      const { balanceMilli, ledgerMilli } = await reconcile(a.kysely, id);
      expect(ledgerMilli).toBe(balanceMilli);
    }
    const school = await a.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
    expect(await a.kysely.selectFrom("ledger").select(["kind", "amount_milli", "balance_milli", "ref"]).where("org_id", "=", school.id).execute()).toEqual([
      { kind: "adjustment", amount_milli: 12_345_678, balance_milli: 12_345_678, ref: "opening" },
    ]);
  });

  it("keeps balance = Σ ledger through thousands of random movements, parallel and replayed, from two processes", async () => {
    const org = await orgOf("流水学校");
    const kinds: LedgerKind[] = ["recharge", "consumption", "refund", "adjustment"];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const made: Movement[] = [];
    let expected = 1_000_000;
    for (let batch = 0; batch < 40; batch++) {
      const moves: Movement[] = [];
      for (let i = 0; i < 50; i++) {
        if (made.length > 0 && rnd() < 0.15) {
          moves.push(made[Math.floor(rnd() * made.length)]);
          continue;
        }
        const kind = kinds[Math.floor(rnd() * kinds.length)];
        const size = Math.floor(rnd() * 5_000_000) + 1;
        const m: Movement = { kind, amountMilli: kind === "consumption" ? -size : size, ref: `${kind}:${batch}-${i}` };
        made.push(m);
        moves.push(m);
      }
      // Every movement of the batch at once, half through each process, each new one twice.
      const answers = await Promise.all(moves.flatMap((m, i) => [moveBalance(i % 2 ? a.kysely : b.kysely, org, m), moveBalance(i % 2 ? b.kysely : a.kysely, org, m)]));
      const applied = answers.filter((x) => x.applied).length;
      expected += moves.filter((m, i) => moves.indexOf(m) === i && m.ref.startsWith(`${m.kind}:${batch}-`)).reduce((sum, m) => sum + m.amountMilli, 0);
      expect(applied).toBe(new Set(moves.filter((m) => m.ref.startsWith(`${m.kind}:${batch}-`)).map((m) => m.ref)).size);
    }
    const { balanceMilli, ledgerMilli } = await reconcile(a.kysely, org);
    expect(balanceMilli).toBe(expected);
    expect(ledgerMilli).toBe(expected);
    const rows = await a.kysely.selectFrom("ledger").select(["amount_milli", "balance_milli"]).where("org_id", "=", org).orderBy("id").execute();
    expect(rows).toHaveLength(made.length + 1);
    // Each row's balance is the balance just after it: the running sum in the order they were written.
    let running = 0;
    for (const r of rows) {
      running += Number(r.amount_milli);
      expect(Number(r.balance_milli)).toBe(running);
    }
  });

  it("refuses an amount that is not whole thousandths or is beyond bounds, and moves nothing", async () => {
    const org = await orgOf("金额学校");
    for (const amountMilli of [0.5, Number.NaN, 1e308, Infinity, 1e13])
      await expect(moveBalance(a.kysely, org, { kind: "recharge", amountMilli, ref: `bad:${amountMilli}` })).rejects.toThrow(RangeError);
    expect(await reconcile(a.kysely, org)).toMatchObject({ balanceMilli: 1_000_000, ledgerMilli: 1_000_000 });
  });
});

describe(`the rating job (${on})`, () => {
  let org: number;
  beforeAll(async () => {
    org = await orgOf("计费学校");
    const k = a.kysely;
    const now = at(8);
    const course = await k
      .insertInto("courses")
      .values({ org_id: org, title: "录播课", type: 200, max_user_num: 25, expire: AFTER + 86_400_000 * 365, headimg: "", detail: "", status: 1, create_user: "测试", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const live = await k
      .insertInto("lives")
      .values({ org_id: org, course_id: course.id, title: "第一讲", begin_time: now, end_time: now + 60_000, status: 2, scale: 1, voided: 0, detail: "", master_id: 0, encrypt_room_id: "f".repeat(32), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await k.insertInto("live_concurrency").values([5, 17, 9].map((usernum, i) => ({ org_id: org, ts: at(9, i), usernum }))).execute();
    // A sample of the next day is not this day's.
    await k.insertInto("live_concurrency").values({ org_id: org, ts: new Date(2026, 0, 11, 0, 0).getTime(), usernum: 99 }).execute();
    await k.insertInto("replay_concurrency").values({ org_id: org, ts: at(20), usernum: 3 }).execute();
    await k.insertInto("vod_bandwidth").values([{ org_id: org, ts: at(20), mbps: 2.5 }, { org_id: org, ts: at(21), mbps: 1 }]).execute();
    await k
      .insertInto("media_files")
      .values([
        { org_id: org, live_id: live.id, idx: 1, filename: "一.mp4", state: "success", duration: 125, size: 5 * BYTES_PER_GB, transcoded_at: at(10), created_at: now },
        // Transcoded another day: stored, but not this day's minutes.
        { org_id: org, live_id: live.id, idx: 2, filename: "二.mp4", state: "success", duration: 600, size: 7 * BYTES_PER_GB, transcoded_at: at(10) - 86_400_000, created_at: now },
      ])
      .execute();
  });

  const prices = priceLists.standard;
  const usage = { live: 17, replay: 3, bandwidth: 2.5, oss: 12, convert: 3 };
  const cost = Object.entries(usage).reduce((sum, [type, value]) => sum + costOf(prices[type as keyof typeof usage], value), 0);

  it("prices the day's recorded use into consumption records with their consume_detail and one ledger row", async () => {
    expect(cost).toBe(17 * 300 + 3 * 100 + 2.5 * 500 + (12 - 10) * 4 + 3 * 20);
    expect(await rateDay(a, org, DAY, AFTER)).toEqual({ costMilli: cost, usage });
    const records = await a.kysely.selectFrom("daily_consumption").select(["type", "value", "cost_milli", "detail"]).where("org_id", "=", org).orderBy("type").execute();
    expect(records.map((r) => [r.type, Number(r.value), Number(r.cost_milli)])).toEqual([
      ["bandwidth", 2.5, 1250],
      ["convert", 3, 60],
      ["live", 17, 5100],
      ["oss", 12, 8],
      ["replay", 3, 300],
    ]);
    expect(JSON.parse(records.find((r) => r.type === "live")!.detail)).toEqual({
      rate_type: "concurrency", rate_period: "daily", excess_period: "daily", daily_consume: 17, daily_discount: 0,
      monthly_consume: 17, monthly_discount: 0, discount_value: 0, base: 0, base_cost: 0,
    });
    expect(JSON.parse(records.find((r) => r.type === "oss")!.detail)).toMatchObject({ daily_consume: 12, daily_discount: 10, discount_value: 10, base: 10 });
    expect(await a.kysely.selectFrom("ledger").select(["kind", "amount_milli", "balance_milli"]).where("org_id", "=", org).where("ref", "=", consumeRef(DAY)).execute()).toEqual([
      { kind: "consumption", amount_milli: -cost, balance_milli: 1_000_000 - cost },
    ]);
    expect(await reconcile(a.kysely, org)).toMatchObject({ balanceMilli: 1_000_000 - cost, ledgerMilli: 1_000_000 - cost });
  });

  it("bills a day once, however many ratings of it run at once in two processes", async () => {
    const again = await Promise.all([a, b, a, b, a, b].map((db) => rateDay(db, org, DAY, AFTER)));
    expect(again).toEqual([null, null, null, null, null, null]);
    const whole = await Promise.all([rateAll(a, DAY, AFTER), rateAll(b, DAY, AFTER)]);
    expect(whole.map((w) => w.costMilli).filter((c) => c > 0)).toHaveLength(whole.filter((w) => w.charged > 0).length);
    expect(await a.kysely.selectFrom("ledger").select("id").where("org_id", "=", org).where("ref", "=", consumeRef(DAY)).execute()).toHaveLength(1);
    expect(await reconcile(a.kysely, org)).toMatchObject({ balanceMilli: 1_000_000 - cost, ledgerMilli: 1_000_000 - cost });
  });

  it("rates two days in parallel across processes exactly once each, from a fresh organisation", async () => {
    const other = await orgOf("并发计费学校");
    await a.kysely.insertInto("live_concurrency").values([{ org_id: other, ts: at(9), usernum: 10 }, { org_id: other, ts: at(9) + 86_400_000, usernum: 20 }]).execute();
    const later = AFTER + 86_400_000;
    const runs = await Promise.all([a, b, a, b].flatMap((db) => [rateDay(db, other, DAY, later), rateDay(db, other, "2026-01-11", later)]));
    expect(runs.filter((r) => r !== null).map((r) => r!.costMilli).sort()).toEqual([3000, 6000]);
    expect(await reconcile(a.kysely, other)).toMatchObject({ balanceMilli: 1_000_000 - 9000, ledgerMilli: 1_000_000 - 9000 });
  });

  it("rates only a day that is over, and a day of no use writes nothing", async () => {
    await expect(rateDay(a, org, "2026-01-11", at(23))).rejects.toThrow(RangeError);
    const idle = await orgOf("空闲学校");
    expect(await rateDay(a, idle, DAY, AFTER)).toBeNull();
    expect(await a.kysely.selectFrom("ledger").select("ref").where("org_id", "=", idle).execute()).toEqual([{ ref: "opening" }]);
  });
});
