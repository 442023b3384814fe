// `node --import tsx scripts/bench-engine.ts`: the resource engine under load (issue 9, Performance),
// on the admin messages (resources/platform/message.ts), a resource with no hand-written server code.
// Seeds the demo organisation, then 100,000 messages in it straight through better-sqlite3, starts
// the real server in-process (buildApp, HTTP on loopback, SQLite opened as main.ts opens it) and
// - times GET /cms/webgroupmsg?page=1&count=10 (a page and its count) with 1 and 20 keep-alive
//   connections, beside the same SQL run in-process through the engine's own query
//   (server/engine/table-query.ts `listed`, and the total kept by migration 0015) by 1 and by 20
//   concurrent callers.
//   Targets: p95 < 20 ms at 1 connection and < 100 ms at 20.
// - runs 50 connections each adding a message and deleting it again for BENCH_ENGINE_MIX_S
//   seconds (60 by default): errors, p50/p99 (target: 0 errors, p99 < 150 ms), then counts the
//   rows: every acknowledged add and delete must be in the table and in the audit log (0 lost writes).
// Also prints the list's query plan, which must read the list index, not sort the organisation.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import message from "../resources/platform/message";
import { openDb } from "../server/db/database";
import { listeningAsAdmin } from "./lib/bench-app";
import { migrateToLatest } from "../server/db/migrate";
import type { OrgScope } from "../server/engine/org-scope";
import { keptCount } from "../server/engine/counts";
import { listed } from "../server/engine/table-query";
import { seedAll } from "../server/seed/index";
import { scopeFor } from "./lib/scope-for";

const MESSAGES = 100_000;
const BATCH = 1_000;
const REQUESTS = 400;
const WARM_UP = 30;
const MIX_CONNECTIONS = 50;
const MIX_S = Number(process.env.BENCH_ENGINE_MIX_S || 60);
const TARGETS = { list1: 20, list20: 100, mixP99: 150 };
const LIST_URL = `${message.api.list!.path}?page=1&count=10`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};
const ms = (v: number) => v.toFixed(1).padStart(6);

interface Answer {
  status: number;
  body: { code?: number; data?: unknown; count?: number; msg?: string };
  ms: number;
}

function send(agent: http.Agent, base: URL, method: string, url: string, cookie: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { cookie };
  if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  return new Promise((resolve) => {
    const req = http.request(new URL(url, base), { method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        let parsed: Answer["body"] = {};
        try {
          parsed = JSON.parse(text);
        } catch {
          // counted as an error below
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
      });
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () => resolve({ status: 0, body: {}, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** `count` messages of the organisation, in batches, as fast as SQLite takes them. */
function seedMessages(file: string, orgId: number) {
  const raw = new SQLite(file);
  raw.pragma("journal_mode = WAL");
  const insert = raw.prepare(
    `insert into admin_messages (org_id, msg, create_user, created_at, updated_at) values ${Array.from({ length: BATCH }, () => "(?, ?, ?, ?, ?)").join(", ")}`,
  );
  const start = Date.now() - MESSAGES * 1000;
  const batch = raw.transaction((from: number) => {
    const values: unknown[] = [];
    for (let i = from; i < from + BATCH; i++) values.push(orgId, `压测消息 ${i}：今晚八点直播课，请准时参加`, "压测管理员", start + i * 1000, start + i * 1000);
    insert.run(...values);
  });
  for (let i = 0; i < MESSAGES; i += BATCH) batch(i);
  raw.close();
}

/** REQUESTS list requests over `connections` keep-alive connections. */
async function timeHttp(base: URL, cookie: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    let total = -1;
    const once = async () => {
      const res = await send(agent, base, "GET", LIST_URL, cookie);
      if (res.status !== 200 || res.body.code !== 0) throw new Error(`${LIST_URL} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      total = res.body.count ?? -1;
      return res.ms;
    };
    await Promise.all(Array.from({ length: Math.max(WARM_UP, connections) }, once));
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < REQUESTS) samples.push(await once());
      }),
    );
    return { total, ...summary(samples) };
  } finally {
    agent.destroy();
  }
}

/** The engine's list SQL in-process: the page and its count, as the list handler runs them. */
async function timeFloor(scope: OrgScope, callers: number) {
  const table = message.table!;
  const page = () => {
    let q = listed(scope, table, {}).selectAll();
    for (const o of table.order) q = q.orderBy(o.column, o.desc ? "desc" : "asc");
    return q.orderBy("id", "desc").limit(10).offset(0).execute();
  };
  // An unfiltered list reads its total off the count kept by migration 0015, as the handler does.
  const count = () => keptCount(scope, table.name);
  const once = async () => {
    const t = performance.now();
    await Promise.all([page(), count()]);
    return performance.now() - t;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next++ < REQUESTS) samples.push(await once());
    }),
  );
  return summary(samples);
}

/** 50 connections adding a message and deleting it, for MIX_S seconds. */
async function mix(base: URL, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MIX_CONNECTIONS });
  const deadline = performance.now() + MIX_S * 1000;
  const times: number[] = [];
  const tally = { created: 0, deleted: 0, errors: 0 };
  const started = performance.now();
  const ok = (res: Answer) => {
    times.push(res.ms);
    const good = res.status === 200 && res.body.code === 0;
    if (!good) tally.errors++;
    return good;
  };
  await Promise.all(
    Array.from({ length: MIX_CONNECTIONS }, async (_, c) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const created = await send(agent, base, "POST", message.api.create!.path, cookie, { msg: `压测 ${c}-${i}` });
        if (!ok(created)) continue;
        tally.created++;
        const id = (created.body.data as { Id: number }).Id;
        if (ok(await send(agent, base, "DELETE", `${message.api.remove!.path}?id=${id}`, cookie))) tally.deleted++;
      }
    }),
  );
  agent.destroy();
  return { ...tally, rps: times.length / ((performance.now() - started) / 1000), ...summary(times) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-engine-"));
const file = path.join(dataDir, "lectern.sqlite");
try {
  const seeding = openDb({ databaseUrl: null, dataDir, readers: 0 });
  await migrateToLatest(seeding.kysely);
  await seedAll(seeding, { passwordMemoryKiB: 64, students: 20, historyDays: 1 });
  const org = await seeding.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
  // The demo seed writes a few messages of its own; the list counts them too.
  const demo = await seeding.kysely.selectFrom("admin_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", org.id).executeTakeFirstOrThrow();
  const stored = MESSAGES + Number(demo.n);
  await seeding.close();
  const seedStarted = performance.now();
  seedMessages(file, org.id);
  const seedMs = performance.now() - seedStarted;

  const db = openDb({ databaseUrl: null, dataDir });
  const plain = openDb({ databaseUrl: null, dataDir, readers: 0 });
  const { app, base, cookie } = await listeningAsAdmin(db, dataDir);
  try {

    const compiled = (() => {
      let q = listed(scopeFor(plain, org.id), message.table!, {}).selectAll();
      for (const o of message.table!.order) q = q.orderBy(o.column, o.desc ? "desc" : "asc");
      return (q.orderBy("id", "desc").limit(10) as unknown as { compile(): { sql: string; parameters: readonly unknown[] } }).compile();
    })();
    const reader = new SQLite(file, { readonly: true });
    const plan = (reader.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as { detail: string }[]).map((r) => r.detail);
    reader.close();

    console.log(`\nEngine list and writes (admin messages, SQLite, server in-process over loopback HTTP; ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)})`);
    console.log(`  ${MESSAGES.toLocaleString("en")} messages seeded in one organisation in ${(seedMs / 1000).toFixed(1)} s`);
    console.log(`  list plan: ${plan.join("; ")} → ${plan.some((d) => /TEMP B-TREE|SCAN admin_messages\b(?! USING)/.test(d)) ? "SORTS OR SCANS the table" : "reads the list index in order"}`);
    console.log(`  GET ${LIST_URL}: ${REQUESTS} requests after ${WARM_UP} warm-up; ms p50 / p95; floor = the engine's SQL in-process`);
    const floor1 = await timeFloor(scopeFor(plain, org.id), 1);
    for (const [c, target] of [[1, TARGETS.list1], [20, TARGETS.list20]] as const) {
      const res = await timeHttp(base, cookie, c);
      const floor = c === 1 ? floor1 : await timeFloor(scopeFor(db, org.id), c);
      if (res.total !== stored) throw new Error(`the list counted ${res.total} messages, not ${stored}`);
      console.log(
        `  ${String(c).padStart(2)} connection(s): HTTP ${ms(res.p50)} /${ms(res.p95)}   floor·${c} ${ms(floor.p50)} /${ms(floor.p95)}   ` +
          `target p95 < ${target}: ${res.p95 < target ? "ok" : "MISS"}`,
      );
    }

    const before = await db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", org.id).executeTakeFirstOrThrow();
    const result = await mix(base, cookie);
    const rows = await db.kysely.selectFrom("admin_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", org.id).executeTakeFirstOrThrow();
    const logged = await db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", org.id).executeTakeFirstOrThrow();
    const expectedRows = stored + result.created - result.deleted;
    const expectedLog = Number(before.n) + result.created + result.deleted;
    const lost = Math.abs(Number(rows.n) - expectedRows) + Math.abs(Number(logged.n) - expectedLog);
    const met = result.errors === 0 && lost === 0 && result.p99 < TARGETS.mixP99;
    console.log(
      `  create/delete mix, ${MIX_CONNECTIONS} connections, ${MIX_S} s: ${result.n} requests (${result.rps.toFixed(0)} req/s), ${result.created} added, ${result.deleted} deleted, ` +
        `errors ${result.errors}, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`,
    );
    console.log(
      `  rows after: ${Number(rows.n)} messages (expected ${expectedRows}), ${Number(logged.n) - Number(before.n)} audit rows (expected ${expectedLog - Number(before.n)}); ` +
        `lost writes ${lost}; target 0 errors, 0 lost, p99 < ${TARGETS.mixP99} ms: ${met ? "ok" : "MISS"}`,
    );
    fs.mkdirSync(".bench", { recursive: true });
    fs.writeFileSync(".bench/engine.json", JSON.stringify({ seedMs, plan, mix: result, rows: Number(rows.n), expectedRows, lost }, null, 2));
  } finally {
    await app.close();
    await db.close();
    await plain.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
