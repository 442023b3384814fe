// `node --import tsx scripts/bench-lives.ts`: the live lists under load (issue 10, Performance:
// live search over 100,000 lives in one organisation, p95 < 50 ms at 20 connections on SQLite).
// Seeds the demo, then 100,000 lives in its organisation straight through better-sqlite3 (with
// their main teacher and a few students each, through the migrations' own triggers: the title index
// and the kept count), starts the real server in-process (buildApp, HTTP on loopback, SQLite opened
// as main.ts opens it) and times, with 1 and 20 keep-alive connections, what the two list pages ask:
// /liveop unfiltered, its search by a common and a rare name fragment, by status, by main teacher and
// by a month of starts, and one course's lives (/liveCourse). Prints p50/p95/p99 with the load
// average, and flags a query whose plan reads all the organisation's lives (BENCH_LIVES_PLANS=1
// prints every plan; =only prints them without timing).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import { liveApi } from "../resources/lives/live-api";
import { openDb } from "../server/db/database";
import { listeningAsAdmin } from "./lib/bench-app";
import { migrateToLatest } from "../server/db/migrate";
import { formatDateTime } from "../server/services/datetime";
import type { Database } from "../server/db/schema";
import { seedAll } from "../server/seed/index";
import { allLives } from "../server/services/lives/lists";
import { searchLives, type LiveSearch } from "../server/services/lives/search";
import { scopeFor } from "./lib/scope-for";

const LIVES = 100_000;
const COURSES = 400;
const BATCH = 1_000;
const REQUESTS = 400;
const WARM_UP = 30;
const TARGET_P95 = 50;
const DAY = 86_400_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v: number) => v.toFixed(1).padStart(6);

function get(agent: http.Agent, base: URL, url: string, cookie: string): Promise<{ ms: number; code?: number; count?: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, base), { agent, headers: { cookie } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        const body = JSON.parse(text) as { code?: number; count?: number };
        resolve({ ms: performance.now() - started, code: body.code, count: body.count });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const subjects = ["高一数学", "初二英语", "物理实验", "化学提高", "编程入门", "语文阅读", "历史专题", "地理探索", "生物课堂", "美术鉴赏"];

/** The lives, their main teachers and a few students each, through the tables' own triggers. */
function seedLives(file: string, orgId: number, teachers: number[], students: number[]) {
  const raw = new SQLite(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const now = Date.now();
  const started = performance.now();
  const course = raw.prepare("insert into courses (org_id, title, type, max_user_num, expire, headimg, detail, status, create_user, created_at, updated_at) values (?, ?, 1, 25, ?, '', '', 1, '压测', ?, ?)");
  const courseIds = raw.transaction(() => Array.from({ length: COURSES }, (_, c) => Number(course.run(orgId, `压测课程${c}·${subjects[c % subjects.length]}`, now + 365 * DAY, now, now).lastInsertRowid)))();
  const live = raw.prepare(
    `insert into lives (org_id, course_id, title, begin_time, end_time, status, scale, voided, detail, master_id, encrypt_room_id, created_at, updated_at) values ${Array.from({ length: BATCH }, () => "(?, ?, ?, ?, ?, ?, 1, 0, '', 0, ?, ?, ?)").join(", ")} returning id`,
  );
  const staff = raw.prepare(`insert into live_staff (live_id, identity_id, role, position) values ${Array.from({ length: BATCH }, () => "(?, ?, 'teacher', 0)").join(", ")}`);
  const admitted = raw.prepare(`insert into live_students (org_id, live_id, identity_id, created_at) values ${Array.from({ length: BATCH * 3 }, () => "(?, ?, ?, ?)").join(", ")}`);
  // A lesson every ten minutes, ending in a year's time; those past have ended.
  const first = now - 2 * 365 * DAY;
  const batch = raw.transaction((from: number) => {
    const values: unknown[] = [];
    for (let i = from; i < from + BATCH; i++) {
      const begin = first + i * 600_000;
      values.push(orgId, courseIds[i % COURSES], `${subjects[i % subjects.length]}·第${i}讲`, begin, begin + 3_600_000, begin + 3_600_000 < now ? 2 : begin < now ? 1 : 0, `${i}`.padStart(32, "0"), now, now);
    }
    const ids = (live.all(...values) as { id: number }[]).map((r) => r.id);
    staff.run(...ids.flatMap((id, k) => [id, teachers[(from + k) % teachers.length]]));
    admitted.run(...ids.flatMap((id, k) => [0, 1, 2].flatMap((n) => [orgId, id, students[(from + k * 3 + n) % students.length], now])));
  });
  for (let i = 0; i < LIVES; i += BATCH) batch(i);
  raw.close();
  return { seedMs: performance.now() - started, courseId: courseIds[7] };
}

/**
 * The SQL a list request runs, captured by calling the service on a logging connection, each with
 * its plan: a list must read an index in order or narrow first, never sort or scan the lives.
 */
async function plansOf(file: string, orgId: number, params: URLSearchParams, all: boolean) {
  const raw = new SQLite(file, { readonly: true });
  const captured: CompiledQuery[] = [];
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), log: (event) => void captured.push(event.query) });
  const scope = scopeFor({ kysely, dialect: "sqlite", readers: 0, close: () => kysely.destroy() }, orgId);
  const query = Object.fromEntries([...params].map(([k, v]) => [k, /^-?\d+$/.test(v) && !["title", "begintime", "endtime"].includes(k) ? Number(v) : v]));
  if (all) await allLives(scope, query as unknown as LiveSearch);
  else await searchLives(scope, query as unknown as LiveSearch);
  const plans = captured
    .filter((q) => /\blives\b/.test(q.sql) && !/from "identities"/.test(q.sql))
    .map((q) => (raw.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as { detail: string }[]).map((r) => r.detail).join("; "));
  await kysely.destroy();
  return plans;
}

async function time(base: URL, cookie: string, url: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let count = -1;
  const once = async () => {
    const res = await get(agent, base, url, cookie);
    if (res.code !== 0) throw new Error(`${url} answered code ${res.code}`);
    count = res.count ?? -1;
    return res.ms;
  };
  try {
    await Promise.all(Array.from({ length: Math.max(WARM_UP, connections) }, once));
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < REQUESTS) samples.push(await once());
      }),
    );
    samples.sort((a, b) => a - b);
    return { count, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
  } finally {
    agent.destroy();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-lives-"));
const file = path.join(dataDir, "lectern.sqlite");
try {
  const seeding = openDb({ databaseUrl: null, dataDir, readers: 0 });
  await migrateToLatest(seeding.kysely);
  await seedAll(seeding, { passwordMemoryKiB: 64, students: 200, historyDays: 1 });
  const org = await seeding.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
  const people = (role: "teacher" | "student") =>
    seeding.kysely.selectFrom("identities").select("id").where("org_id", "=", org.id).where("role", "=", role).orderBy("id").execute().then((rows) => rows.map((r) => r.id));
  const [teachers, students] = await Promise.all([people("teacher"), people("student")]);
  await seeding.close();
  const { seedMs, courseId } = seedLives(file, org.id, teachers, students);

  const db = openDb({ databaseUrl: null, dataDir });
  const { app, base, cookie } = await listeningAsAdmin(db, dataDir);
  try {

    const monthFrom = formatDateTime(Date.now() - 40 * DAY);
    const monthTo = formatDateTime(Date.now() - 10 * DAY);
    const q = (params: Record<string, string | number>) => `${liveApi.search.path}?${new URLSearchParams({ page: "1", count: "10", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
    const scenarios: [string, string][] = [
      ["/liveop, every live", `${liveApi.all.path}?page=1&count=10`],
      ["name fragment, common (数学)", q({ title: "数学" })],
      ["name fragment, rare (第4242讲)", q({ title: "第4242讲" })],
      ["name fragment, one character (史)", q({ title: "史", page: 5 })],
      ["status 1 (live now)", q({ status: 1 })],
      ["status 0, page 100", q({ status: 0, page: 100 })],
      ["main teacher", q({ teacher: teachers[3] })],
      ["a month of starts", q({ begintime: monthFrom, endtime: monthTo })],
      ["status + month + fragment", q({ status: 2, begintime: monthFrom, endtime: monthTo, title: "英语" })],
      ["/liveCourse, one course", q({ couseid: courseId })],
      ["/liveCourse, course + fragment", q({ couseid: courseId, title: "第7" })],
    ];

    console.log(`\nLive lists (SQLite, server in-process over loopback HTTP; ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(`  ${LIVES.toLocaleString("en")} lives in one organisation (${COURSES} courses, a main teacher and 3 students each) seeded in ${(seedMs / 1000).toFixed(1)} s`);
    console.log(`  ${REQUESTS} requests each after ${WARM_UP} warm-up; ms p50 / p95 / p99; target p95 < ${TARGET_P95} at 20 connections`);
    const results: Record<string, unknown> = {};
    let missed = 0;
    for (const [name, url] of scenarios) {
      const plans = await plansOf(file, org.id, new URL(url, base).searchParams, url.startsWith(liveApi.all.path));
      if (process.env.BENCH_LIVES_PLANS) for (const plan of plans) console.log(`    ${name}: ${plan}`);
      // A full read of the organisation's lives: a table scan, or the organisation's time index walked while checking a candidate list.
      const bad = plans.some((plan) => /SCAN l\b(?! USING)/.test(plan) || (/LIST SUBQUERY/.test(plan) && /lives_org_(time|status) \(org_id=\?\)/.test(plan)));
      if (process.env.BENCH_LIVES_PLANS === "only") continue;
      const one = await time(base, cookie, url, 1);
      const twenty = await time(base, cookie, url, 20);
      if (twenty.p95 >= TARGET_P95) missed++;
      results[name] = { url, one, twenty, plans };
      console.log(
        `  ${name.padEnd(32)} ${String(twenty.count).padStart(7)} rows   1: ${ms(one.p50)} /${ms(one.p95)}   20: ${ms(twenty.p50)} /${ms(twenty.p95)} /${ms(twenty.p99)}   ${twenty.p95 < TARGET_P95 ? "ok" : "MISS"}${bad ? "  (plan sorts or scans the lives)" : ""}`,
      );
    }
    console.log(`  after the runs: load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; ${missed === 0 ? "every scenario met the target" : `${missed} scenario(s) MISSED the target`}`);
    fs.mkdirSync(".bench", { recursive: true });
    fs.writeFileSync(".bench/lives.json", JSON.stringify({ seedMs, results }, null, 2));
  } finally {
    await app.close();
    await db.close();
  }
} finally {
  if (process.env.BENCH_LIVES_KEEP) console.log(`  kept ${file}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
