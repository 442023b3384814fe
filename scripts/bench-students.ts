// `npx tsx scripts/bench-students.ts`: how fast the student list and its search answer with
// 1,000,000 students in one organisation (issue: user management).
// Seeds the students in bulk into a temporary SQLite database, starts the real server on it
// (buildApp, HTTP on loopback), and times GET /cms/student (a page with its count) and
// GET /cms/studentsearch by a 2-character and a 1-character name fragment and a 4-digit mobile
// fragment, with 1 and with 20 keep-alive connections. The floor is the same SQL run in-process
// (listIdentities of server/services/user-list.ts, straight on the database), by one caller and by
// as many concurrent callers as the HTTP scenario has connections. Target: p95 under 50 ms and at
// most 3× the floor's p95; both floors are compared. Also prints the query plan of a name search,
// which must never scan identities. The server opens its database as main.ts does (SQLite readers on
// worker threads where there are cores for them); BENCH_READERS=0 measures it without readers.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { buildApp } from "../server/app";
import { outboxAdapter } from "../server/adapters/sms";
import { loadConfig } from "../server/config";
import { openDb, type Db } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { recountIdentities } from "../server/db/migrations/0005-list-totals";
import { demoName } from "../server/seed/names";
import { hashPassword } from "../server/services/passwords";
import type { OrgScope } from "../server/engine/org-scope";
import { listIdentities, matching, shortKeyTotal, type ListQuery } from "../server/services/user-list";
import { scopeFor } from "./lib/scope-for";

const STUDENTS = 1_000_000;
const BATCH = 2_000;
const REQUESTS = 300;
const WARM_UP = 20;
const CONNECTIONS = [1, 20] as const;
const ADMIN_MOBILE = "13700000000";
const PASSWORD = "bench1234";
const studentMobile = (n: number) => String(15_000_000_000 + n);

/** Organisation, admin and the students, straight through better-sqlite3; answers the seed time in ms. */
async function seed(file: string): Promise<{ orgId: number; seedMs: number; indexMs: number }> {
  const hash = await hashPassword(PASSWORD, 10);
  const started = performance.now();
  const raw = new SQLite(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  raw.pragma("cache_size = -262144");
  const now = Date.now();
  // One search-index insert and one count per row through the triggers are the slow part of a
  // bulk seed, so the insert triggers are set aside while seeding. Afterwards the index is filled
  // in one statement from the migration's own view (identity_search_source), exactly as migration
  // 0002 fills it, and the counts by migration 0005's own recount.
  const insertTriggers = ["identities_search_insert", "identity_counts_insert"];
  const triggers = insertTriggers.map((name) => raw.prepare("select sql from sqlite_master where type = 'trigger' and name = ?").pluck().get(name) as string);
  const cols = (n: number, width: number) => Array.from({ length: n }, () => `(${Array.from({ length: width }, () => "?").join(", ")})`).join(", ");
  const persons = raw.prepare(`insert into persons (id, mobile, password_hash, nickname, headimg, created_at, updated_at) values ${cols(BATCH, 7)}`);
  const identities = raw.prepare(`insert into identities (id, person_id, org_id, role, name, nick, userop, useropex, created_at, updated_at) values ${cols(BATCH, 10)}`);
  let orgId = 0;
  let indexMs = 0;
  for (const name of insertTriggers) raw.exec(`drop trigger ${name}`);
  raw.transaction(() => {
    orgId = Number(raw.prepare("insert into organisations (name, balance_milli, created_at) values ('压测学校', 0, ?)").run(now).lastInsertRowid);
    const adminPerson = Number(raw.prepare("insert into persons (mobile, password_hash, nickname, headimg, created_at, updated_at) values (?, ?, '压测', '', ?, ?)").run(ADMIN_MOBILE, hash, now, now).lastInsertRowid);
    raw.prepare("insert into identities (person_id, org_id, role, name, nick, userop, useropex, created_at, updated_at) values (?, ?, 'admin', '压测', '压测', '[]', '[]', ?, ?)").run(adminPerson, orgId, now, now);
    const base = adminPerson + 1;
    const baseIdentity = Number(raw.prepare("select max(id) from identities").pluck().get()) + 1;
    for (let start = 0; start < STUDENTS; start += BATCH) {
      const p: unknown[] = [];
      const i: unknown[] = [];
      for (let n = start; n < start + BATCH; n++) {
        const name = demoName(n);
        // Spread over a year, one second apart, so the list's order is by time.
        const at = now - (STUDENTS - n) * 1000;
        p.push(base + n, studentMobile(n), hash, name, "", at, at);
        i.push(baseIdentity + n, base + n, orgId, "student", name, name, "[]", "[]", at, at);
      }
      persons.run(p);
      identities.run(i);
    }
    const t = performance.now();
    raw.exec("insert into identity_search (rowid, tokens) select id, tokens from identity_search_source");
    indexMs = performance.now() - t;
    for (const statement of recountIdentities) raw.exec(statement);
    for (const trigger of triggers) raw.exec(trigger);
  })();
  raw.exec("analyze");
  raw.close();
  return { orgId, seedMs: performance.now() - started, indexMs };
}

const describeDb = (db: Db) =>
  db.readers > 0 ? `SQLite, ${db.readers} reader threads for plain reads beside the main connection` : "SQLite, one synchronous connection";

async function signIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile: ADMIN_MOBILE, passwd: PASSWORD } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const identities = (await app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
  await app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: identities.admin[0].id, type: "admin" } });
  return cookie;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};

function get(agent: http.Agent, base: URL, url: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(url, base), { agent, headers: { cookie } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** REQUESTS requests over `connections` keep-alive connections, each timed from send to last byte. */
async function timeHttp(base: URL, cookie: string, url: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    let total = -1;
    const once = async () => {
      const res = await get(agent, base, url, cookie);
      const body = JSON.parse(res.body) as { code: number; count: number };
      if (res.status !== 200 || body.code !== 0) throw new Error(`${url} answered ${res.status} ${res.body}`);
      total = body.count;
    };
    await Promise.all(Array.from({ length: Math.max(WARM_UP, connections) }, once));
    const samples: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        await once();
        samples.push(performance.now() - t);
      }
    };
    const cpu = mainThreadCpuMs();
    await Promise.all(Array.from({ length: connections }, worker));
    const cpuPerRequest = cpu === null ? null : (mainThreadCpuMs()! - cpu) / REQUESTS;
    return { total, cpuPerRequest, ...summary(samples) };
  } finally {
    agent.destroy();
  }
}

/**
 * CPU time this process's main thread has used, in ms (Linux; null elsewhere): the server's thread,
 * which also runs this bench's HTTP client. Per request, it shows what the SQLite readers take off
 * that thread, whatever else the machine is busy with.
 */
function mainThreadCpuMs(): number | null {
  const stat = `/proc/self/task/${process.pid}/stat`;
  if (!fs.existsSync(stat)) return null;
  const fields = fs.readFileSync(stat, "utf8").split(") ")[1].split(" ");
  // utime and stime, in clock ticks of 10 ms (USER_HZ on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The floor: the SQL of a request, run in-process (listIdentities) by `callers` concurrent callers
 * until REQUESTS calls are done, each timed from call to answer. With one caller it is the cost of
 * the SQL alone; with as many callers as the HTTP scenario has connections, on the same database
 * setup the server uses, it also holds the queueing the server cannot avoid (one synchronous
 * SQLite connection serves one query at a time), without HTTP, sessions or JSON.
 */
async function timeFloor(scope: OrgScope, q: ListQuery, callers: number) {
  for (let i = 0; i < WARM_UP; i++) await listIdentities(scope, q);
  const samples: number[] = [];
  let total = 0;
  let next = 0;
  const caller = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      total = (await listIdentities(scope, q)).total;
      samples.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return { total, ...summary(samples) };
}

/**
 * EXPLAIN QUERY PLAN of the search SQL. A page from the candidates must start from the FTS5 index; a
 * walk (entered only when the index counts at least 1 in WALK_HITS_PER_ROW rows of the list as hits,
 * server/services/user-list.ts) must read the list index in order and stop at the page (no sort of
 * all rows): neither may scan identities.
 */
function explain(db: Db, orgId: number, key: string, byOrder = false): { plan: string[]; indexed: boolean } {
  const compiled = matching({ scope: scopeFor(db, orgId), role: "student" }, key, byOrder).orderBy("i.updated_at", "desc").orderBy("i.id", "desc").limit(10).compile();
  const plan = planOf(compiled.sql, compiled.parameters);
  const scans = plan.some((d) => /^SCAN (i|identities)\b/.test(d));
  const indexed = byOrder
    ? plan.some((d) => /^SEARCH i USING INDEX identities_list \(org_id=\? AND role=\?\)/.test(d)) && !plan.some((d) => /TEMP B-TREE/.test(d))
    : plan.some((d) => /identity_search VIRTUAL TABLE/.test(d));
  return { plan, indexed: indexed && !scans };
}

/** EXPLAIN QUERY PLAN of some SQL with its parameters, on a connection of its own. */
function planOf(text: string, parameters: readonly unknown[]): string[] {
  const raw = new SQLite(file, { readonly: true });
  try {
    return (raw.prepare(`explain query plan ${text}`).all(...parameters) as { detail: string }[]).map((r) => r.detail);
  } finally {
    raw.close();
  }
}

// BENCH_STUDENTS_DIR keeps the seeded database there (and reuses it) instead of a throw-away one.
const keep = process.env.BENCH_STUDENTS_DIR;
const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-students-"));
const file = path.join(dataDir, "lectern.sqlite");
try {
  const reuse = keep !== undefined && fs.existsSync(file);
  const migrating = openDb({ databaseUrl: null, dataDir });
  await migrateToLatest(migrating.kysely);
  await migrating.close();
  const { orgId, seedMs, indexMs } = reuse ? { orgId: 1, seedMs: 0, indexMs: 0 } : await seed(file);
  // The server's database as main.ts opens it (SQLite readers on worker threads where there are
  // cores for them; BENCH_READERS=0 measures without), and a plain connection for floor·1.
  const readers = process.env.BENCH_READERS === undefined ? undefined : Number(process.env.BENCH_READERS);
  const db = openDb({ databaseUrl: null, dataDir, readers });
  const plain = openDb({ databaseUrl: null, dataDir, readers: 0 });
  const stored = await db.kysely.selectFrom("identities").where("org_id", "=", orgId).where("role", "=", "student").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const indexed = await sql<{ n: number }>`select count(*) as n from identity_search`.execute(db.kysely);
  const kept = await db.kysely.selectFrom("identity_counts").select("n").where("org_id", "=", orgId).where("role", "=", "student").executeTakeFirst();
  if (Number(kept?.n) !== Number(stored.n)) throw new Error(`identity_counts holds ${kept?.n} students, count(*) ${stored.n}`);
  process.stdout.write(
    `\nSQLite: ${Number(stored.n).toLocaleString("en")} students in one organisation seeded in ${(seedMs / 1000).toFixed(1)} s ` +
      `(batches of ${BATCH} rows in one transaction; search index filled after in one statement from identity_search_source: ` +
      `${(indexMs / 1000).toFixed(1)} s, ${Number(indexed.rows[0].n).toLocaleString("en")} rows)\n`,
  );
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(dataDir, "no-dist") }), passwordMemoryKiB: 64 };
  const app = await buildApp({ db, config, messages: outboxAdapter(dataDir) });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const cookie = await signIn(app);
    const two = demoName(1).slice(0, 2);
    const one = demoName(1).slice(1, 2);
    const digits = "1234";
    const scenarios: { label: string; url: string; key?: string }[] = [
      { label: "page 1 × 10 + count", url: "/cms/student?page=1&count=10" },
      { label: `name "${two}" (2 chars)`, url: `/cms/studentsearch?page=1&count=10&key=${encodeURIComponent(two)}`, key: two },
      { label: `name "${one}" (1 char)`, url: `/cms/studentsearch?page=1&count=10&key=${encodeURIComponent(one)}`, key: one },
      { label: `mobile "${digits}"`, url: `/cms/studentsearch?page=1&count=10&key=${digits}`, key: digits },
    ];
    const ms = (n: number) => n.toFixed(1).padStart(6);
    const pair = (r: { p50: number; p95: number }) => `${ms(r.p50)} /${ms(r.p95)}`;
    const judge = (p95: number, floorP95: number) => `${(p95 / floorP95).toFixed(1).padStart(5)}× ${p95 < 50 && p95 <= 3 * floorP95 ? "OK  " : "MISS"}`;
    process.stdout.write(`  ${REQUESTS} requests per scenario after ${WARM_UP} warm-up; HTTP over loopback with keep-alive; times in ms (p50 / p95)\n`);
    process.stdout.write(
      `  server: ${describeDb(db)}\n` +
        `  floor·1: the same SQL in-process, one caller at a time, on one plain synchronous connection (the SQL alone);\n` +
        `  floor·N: the same SQL in-process from N concurrent callers (N = the connections of the row) on the server's\n` +
        `  database setup, so it holds the queueing the server cannot avoid; ×: HTTP p95 over that floor's p95;\n` +
        `  OK when HTTP p95 < 50 ms and ≤ 3× that floor's p95 (the issue's target names floor·1);\n` +
        `  CPU/req: ms of CPU the main thread (the server's, and this bench's HTTP client's) spent per request\n`,
    );
    process.stdout.write(
      `  ${"scenario".padEnd(22)} ${"hits".padStart(7)} conn      HTTP      CPU/req      floor·1     vs floor·1       floor·N     vs floor·N\n`,
    );
    let missed = 0;
    let missedSame = 0;
    for (const s of scenarios) {
      const single = await timeFloor(scopeFor(plain, orgId), { role: "student", page: 1, count: 10, key: s.key }, 1);
      for (const c of CONNECTIONS) {
        const http = await timeHttp(base, cookie, s.url, c);
        const same = c === 1 ? single : await timeFloor(scopeFor(db, orgId), { role: "student", page: 1, count: 10, key: s.key }, c);
        if (http.total !== single.total || same.total !== single.total) throw new Error(`${s.label}: HTTP count ${http.total}, floor ${single.total} / ${same.total}`);
        const vsSingle = judge(http.p95, single.p95);
        const vsSame = judge(http.p95, same.p95);
        if (vsSingle.endsWith("MISS")) missed++;
        if (vsSame.endsWith("MISS")) missedSame++;
        process.stdout.write(
          `  ${(c === 1 ? s.label : "").padEnd(22)} ${(c === 1 ? String(single.total) : "").padStart(7)} ${String(c).padStart(4)}  ${pair(http)}  ` +
            `${http.cpuPerRequest === null ? "    n/a" : http.cpuPerRequest.toFixed(2).padStart(7)}  ${pair(single)}  ${vsSingle}  ` +
            `${c === 1 ? " ".repeat(15) : pair(same)}  ${c === 1 ? "(same as floor·1)" : vsSame}\n`,
        );
      }
    }
    const runs = scenarios.length * CONNECTIONS.length;
    process.stdout.write(
      `  target met against floor·1 (the issue's floor): ${runs - missed} of ${runs}; against floor·N (the same concurrency in-process): ${runs - missedSame} of ${runs}\n`,
    );
    for (const [key, byOrder] of [[two, false], [one, false], [one, true]] as const) {
      const { plan, indexed: usesIndex } = explain(db, orgId, key, byOrder);
      const how = byOrder ? "a page of a broad key, walking the list in order" : "a page from the candidates";
      process.stdout.write(`  EXPLAIN QUERY PLAN, name search "${key}" (${how}):\n${plan.map((d) => `    ${d}`).join("\n")}\n`);
      const verdict = byOrder
        ? "reads the list index newest first and stops at the page; no scan of identities"
        : "starts from the FTS5 index (identity_search), no scan of identities";
      process.stdout.write(`    → ${usesIndex ? verdict : "DOES NOT use the indexes as expected"}\n`);
      if (!usesIndex) missed++;
    }
    // The total of a one-character key: one term of the FTS5 vocabulary, found by its value.
    const total = shortKeyTotal({ scope: scopeFor(db, orgId), role: "student" }, one).compile(db.kysely);
    const totalPlan = planOf(total.sql, total.parameters);
    const readsTerm = totalPlan.some((d) => /identity_search_terms VIRTUAL TABLE INDEX/.test(d)) && !totalPlan.some((d) => /\bidentities\b/.test(d));
    process.stdout.write(`  EXPLAIN QUERY PLAN, total of name search "${one}":\n${totalPlan.map((d) => `    ${d}`).join("\n")}\n`);
    process.stdout.write(`    → ${readsTerm ? "reads the key's one term off the FTS5 vocabulary (identity_search_terms); no scan of identities" : "DOES NOT read the vocabulary as expected"}\n`);
    if (!readsTerm) missed++;
    if (missed) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
    await plain.close();
  }
} finally {
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
