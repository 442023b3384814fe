// `npx tsx scripts/bench-stats.ts`: how fast the concurrency chart answers over 90 days of history.
// Seeds one organisation with 90 days of usage (a concurrency sample every minute) into a
// temporary SQLite database, and into a temporary PostgreSQL database when DATABASE_URL is set,
// then times GET /cms/stat/groupliveonline through Fastify's inject (session, validation, query,
// serialisation) over a 31-day, a 2-day and a 1-day range. Target: p95 under 50 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { statsApi } from "../resources/stats/stats";
import { buildApp } from "../server/app";
import { outboxAdapter } from "../server/adapters/sms";
import { loadConfig } from "../server/config";
import { openDb, type Db } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { seedUsage } from "../server/seed/usage";
import { formatDateTime } from "../server/services/datetime";
import { hashPassword } from "../server/services/passwords";
import { addDays, startOfDay } from "../server/services/stat-range";
import { scratchPostgres } from "./lib/scratch-pg";

const ITERATIONS = 200;
const WARM_UP = 20;
const HISTORY_DAYS = 90;
const MOBILE = "13700000000";
const PASSWORD = "bench1234";

interface Target {
  label: string;
  url: string | null;
  drop: () => Promise<void>;
}

function sqliteTarget(): Target {
  return { label: "SQLite", url: null, drop: async () => {} };
}

async function postgresTarget(base: string): Promise<Target> {
  return { label: "PostgreSQL", ...(await scratchPostgres(base, "lectern_bench")) };
}

/** One organisation with its main admin, then its usage history; answers the seed time in ms. */
async function seed(db: Db): Promise<number> {
  const now = Date.now();
  const { id: orgId } = await db.kysely.insertInto("organisations").values({ name: "压测学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow();
  const { id: personId } = await db.kysely
    .insertInto("persons")
    .values({ mobile: MOBILE, password_hash: await hashPassword(PASSWORD, 10), nickname: "压测", headimg: "", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto("identities")
    .values({ person_id: personId, org_id: orgId, role: "admin", name: "压测", nick: "压测", userop: "[]", useropex: "[]", created_at: now, updated_at: now })
    .execute();
  const started = performance.now();
  await seedUsage(db, { historyDays: HISTORY_DAYS, now });
  return performance.now() - started;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile: MOBILE, passwd: PASSWORD } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const identities = (await app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
  await app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: identities.admin[0].id, type: "admin" } });
  return cookie;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(app: FastifyInstance, cookie: string, begin: number, end: number) {
  const query = { begindate: formatDateTime(begin), enddate: formatDateTime(end) };
  const once = async () => {
    const res = await app.inject({ url: statsApi.liveOnline.path, query, headers: { cookie } });
    const body = res.json();
    if (body.code !== 0) throw new Error(`groupliveonline answered ${res.body}`);
    return body.data.length as number;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  let points = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    points = await once();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { points, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function run(target: Target, dataDir: string) {
  const db = openDb({ databaseUrl: target.url, dataDir, poolSize: 4 });
  try {
    await migrateToLatest(db.kysely);
    const seedMs = await seed(db);
    const rows = await db.kysely.selectFrom("live_concurrency").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(dataDir, "no-dist") }), passwordMemoryKiB: 64 };
    const app = await buildApp({ db, config, messages: outboxAdapter(dataDir) });
    try {
      const cookie = await signIn(app);
      const today = startOfDay(Date.now());
      const ranges = [
        ["31 days", addDays(today, -30), addDays(today, 1) - 1000],
        ["2 days", addDays(today, -2), today - 1000],
        ["1 day", addDays(today, -1), today - 1000],
      ] as const;
      process.stdout.write(`\n${target.label}: ${Number(rows.n).toLocaleString("en")} live concurrency samples, usage seeded in ${Math.round(seedMs)} ms\n`);
      for (const [label, begin, end] of ranges) {
        const r = await time(app, cookie, begin, end);
        const verdict = r.p95 < 50 ? "ok" : "OVER the 50 ms target";
        process.stdout.write(`  groupliveonline ${label.padEnd(7)} ${String(r.points).padStart(4)} points  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  (${ITERATIONS} runs; ${verdict})\n`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await target.drop();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-stats-"));
try {
  await run(sqliteTarget(), dataDir);
  if (process.env.DATABASE_URL) await run(await postgresTarget(process.env.DATABASE_URL), dataDir);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
