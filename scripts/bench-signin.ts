// `node --import tsx scripts/bench-signin.ts`: does a flood of sign-ins starve the rest of the
// server (issue 8, finding 3)? Starts the production server (server/main.ts, demo seed, real
// argon2id cost) with LECTERN_RATE_LIMITS=off, so what is measured is the hashing queue itself
// and not the per-address brake in front of it, and then over loopback HTTP:
// - quiet, then during 32 anonymous sign-in loops (random unknown mobiles; then one known mobile
//   with a wrong password): p50/p95 of an admin's student list and of the console page, each
//   read by one keep-alive connection asking for gzip as a browser does. Targets during the
//   flood: list p95 < 200 ms, console page p95 < 100 ms. The flood's own answers are counted
//   by kind, the share refused with 429 among them.
// - 50 connections each creating a teacher (a new person: one password hash) and deleting it:
//   req/s, p50/p99, errors. Target: at least 125 req/s.
// The console page needs a built console: BENCH_DIST_DIR (default dist/); without one its row is
// skipped. Every loop is bounded in time and in count, every request by a timeout. The load
// average and the server's CPU time per request are printed beside the timings: on a machine
// shared with other work the timings say little alone, the CPU time does.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startServer } from "./lib/server-process.mjs";

const QUIET_S = Number(process.env.BENCH_QUIET_S || 5);
const FLOOD_S = Number(process.env.BENCH_FLOOD_S || 15);
const MIX_S = Number(process.env.BENCH_MIX_S || 15);
const FLOOD_LOOPS = 32;
const MIX_CONNECTIONS = 50;
const MAX_REQUESTS_PER_LOOP = 100_000;
const REQUEST_TIMEOUT_MS = 30_000;
const ADMIN = { mobile: "13800000000", passwd: "demo1234" };
/** A demo student: a known mobile for the wrong-password flood, used by nothing else here. */
const KNOWN_MOBILE = "13800000003";
const TARGETS = { list: 200, console: 100, mixRps: 125 };

interface Answer {
  status: number;
  code: number | null;
  ms: number;
  body: string;
  cookies: string[];
}

function request(agent: http.Agent, base: string, method: string, url: string, opts: { cookie?: string; body?: unknown; gzip?: boolean } = {}): Promise<Answer> {
  const started = performance.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: http.OutgoingHttpHeaders = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.gzip) headers["accept-encoding"] = "gzip";
  if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  return new Promise((resolve) => {
    const done = (status: number, body = "", cookies: string[] = []) => {
      let code: number | null = null;
      try {
        code = JSON.parse(body).code;
      } catch {
        // a page or a compressed body: only the status counts
      }
      resolve({ status, code, ms: performance.now() - started, body, cookies });
    };
    const req = http.request(new URL(url, base), { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(res.statusCode ?? 0, res.headers["content-encoding"] ? "" : Buffer.concat(chunks).toString(), res.headers["set-cookie"] ?? []));
      res.on("error", () => done(0));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
    req.on("error", () => done(0));
    req.end(payload);
  });
}

/** Runs `step` over and over until the deadline or the count bound, whichever comes first. */
async function loop(deadline: number, step: () => Promise<void>): Promise<void> {
  for (let i = 0; i < MAX_REQUESTS_PER_LOOP && performance.now() < deadline; i++) await step();
}

/** CPU time of the server process (all its threads) in ms, from /proc; null where there is none. */
function serverCpuMs(): number | null {
  try {
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== process.pid || !fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/main.ts")) continue;
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
    }
  } catch {
    // not Linux
  }
  return null;
}

/** Runs `work` and answers its result with the server's CPU ms spent meanwhile. */
async function withServerCpu<T>(work: () => Promise<T>): Promise<T & { cpuMs: number | null }> {
  const before = serverCpuMs();
  const result = await work();
  const after = serverCpuMs();
  return { ...result, cpuMs: before === null || after === null ? null : after - before };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v: number) => (Number.isNaN(v) ? "—" : v < 10 ? v.toFixed(1) : String(Math.round(v)));

async function signInAdmin(base: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  const login = await request(agent, base, "POST", "/cms/tarzan", { body: ADMIN });
  if (login.code !== 0) throw new Error(`admin sign-in failed: ${login.body}`);
  const cookie = login.cookies.map((c) => c.split(";")[0]).join("; ");
  const identities = JSON.parse((await request(agent, base, "GET", "/cms/login", { cookie })).body).data;
  const pick = await request(agent, base, "PATCH", "/cms/login", { cookie, body: { id: identities.admin[0].id, type: "admin" } });
  if (pick.code !== 0) throw new Error(`admin identity failed: ${pick.body}`);
  return cookie;
}

interface Probe {
  label: string;
  url: string;
  cookie?: string;
  target: number;
}

/** Each probe read back to back on its own connection for `seconds`, beside `flood` if given; answers the times. */
async function measure(base: string, probes: Probe[], seconds: number, flood?: (deadline: number) => Promise<unknown>) {
  const deadline = performance.now() + seconds * 1000;
  const times = probes.map(() => [] as number[]);
  const failures = probes.map(() => 0);
  const flooding = flood?.(deadline);
  await Promise.all(
    probes.map((probe, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      return loop(deadline, async () => {
        const res = await request(agent, base, "GET", probe.url, { cookie: probe.cookie, gzip: true });
        times[i].push(res.ms);
        if (res.status !== 200) failures[i]++;
      }).finally(() => agent.destroy());
    }),
  );
  await flooding;
  return probes.map((probe, i) => ({ probe, n: times[i].length, p50: percentile(times[i], 50), p95: percentile(times[i], 95), failures: failures[i] }));
}

interface FloodTally {
  total: number;
  byKind: Record<string, number>;
  times: number[];
}

/** 32 sign-in loops, each on its own keep-alive connection, with the mobiles `mobileFor` gives. */
function signInFlood(base: string, tally: FloodTally, mobileFor: () => string) {
  return (deadline: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_LOOPS });
    const loops = Array.from({ length: FLOOD_LOOPS }, () =>
      loop(deadline, async () => {
        const res = await request(agent, base, "POST", "/cms/tarzan", { body: { mobile: mobileFor(), passwd: `guess-${Math.random().toString(36).slice(2, 10)}` } });
        const kind = res.status === 0 ? "timeout/error" : res.status === 429 ? "429" : `code ${res.code}`;
        tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
        tally.total++;
        tally.times.push(res.ms);
      }),
    );
    return Promise.all(loops).finally(() => agent.destroy());
  };
}

const randomMobile = () => `199${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** 50 connections creating a teacher and deleting it again, for `seconds`. */
async function teacherMix(base: string, cookie: string, seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: MIX_CONNECTIONS });
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const record = (res: Answer) => {
    times.push(res.ms);
    if (res.status !== 200 || res.code !== 0) errors++;
  };
  await Promise.all(
    Array.from({ length: MIX_CONNECTIONS }, () =>
      loop(deadline, async () => {
        const mobile = `170${String(next++).padStart(8, "0")}`;
        const created = await request(agent, base, "POST", "/cms/teacher", { cookie, body: { name: "压测老师", mobile, passwd: "bench123" } });
        record(created);
        if (created.code !== 0) return;
        record(await request(agent, base, "DELETE", `/cms/teacher?id=${JSON.parse(created.body).data.Id}`, { cookie }));
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: times.length, rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), errors };
}

const distDir = path.resolve(process.env.BENCH_DIST_DIR || "dist");
const hasConsole = fs.existsSync(path.join(distDir, "index.html"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-signin-"));
const server = await startServer({ dataDir, env: { LECTERN_RATE_LIMITS: "off", DIST_DIR: distDir, DEMO: "1" } });
// A hard stop for the whole bench, whatever hangs.
const watchdog = setTimeout(() => {
  console.error("bench-signin: over its time budget, stopping");
  void server.stop().finally(() => process.exit(1));
}, (QUIET_S + 2 * FLOOD_S + MIX_S) * 1000 + 180_000).unref();

try {
  const base = server.baseURL;
  const admin = await signInAdmin(base);
  const probes: Probe[] = [
    { label: "student list", url: "/cms/student?page=1&count=10", cookie: admin, target: TARGETS.list },
    ...(hasConsole ? [{ label: "console page", url: "/", target: TARGETS.console }] : []),
  ];

  const loadBefore = os.loadavg()[0];
  const quiet = await measure(base, probes, QUIET_S);
  const unknownTally: FloodTally = { total: 0, byKind: {}, times: [] };
  const unknown = await withServerCpu(async () => ({ rows: await measure(base, probes, FLOOD_S, signInFlood(base, unknownTally, randomMobile)) }));
  const knownTally: FloodTally = { total: 0, byKind: {}, times: [] };
  const known = await withServerCpu(async () => ({ rows: await measure(base, probes, FLOOD_S, signInFlood(base, knownTally, () => KNOWN_MOBILE)) }));
  const mix = await withServerCpu(() => teacherMix(base, admin, MIX_S));
  const loadAfter = os.loadavg()[0];

  const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const widths = [42, 9, 9, 9, 8, 5];
  const perRequest = (cpuMs: number | null, n: number) => (cpuMs === null ? "n/a" : `${(cpuMs / n).toFixed(1)} ms`);
  console.log(`\nSign-in flood (production server, loopback, argon2id m=19456 t=2 p=1, LECTERN_RATE_LIMITS=off)`);
  console.log(`  ${os.availableParallelism()} cores, load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after (this bench alone adds about 2)`);
  console.log(row(["", "requests", "p50 ms", "p95 ms", "target", "ok?"], widths));
  for (const [label, results] of [["quiet", quiet], [`${FLOOD_LOOPS} loops, unknown mobiles`, unknown.rows], [`${FLOOD_LOOPS} loops, known mobile`, known.rows]] as const)
    for (const r of results)
      console.log(row([`${r.probe.label}, ${label}`, String(r.n), ms(r.p50), ms(r.p95), `< ${r.probe.target}`, label === "quiet" ? "" : r.p95 < r.probe.target && r.failures === 0 ? "ok" : "MISS"], widths));
  if (!hasConsole) console.log(`  console page: skipped, no built console in ${distDir} (vite build, or BENCH_DIST_DIR)`);
  for (const [label, t, cpuMs] of [["unknown mobiles", unknownTally, unknown.cpuMs], ["known mobile, wrong password", knownTally, known.cpuMs]] as const) {
    const kinds = Object.entries(t.byKind).map(([k, n]) => `${k} ${((100 * n) / t.total).toFixed(1)}%`).join(", ");
    console.log(`  flood, ${label}: ${t.total} sign-ins (${(t.total / FLOOD_S).toFixed(0)}/s), p50 ${ms(percentile(t.times, 50))} ms, p95 ${ms(percentile(t.times, 95))} ms; ${kinds}; server CPU ${perRequest(cpuMs, t.total)} a sign-in`);
  }
  console.log(
    `\nTeacher create/delete, ${MIX_CONNECTIONS} connections, ${MIX_S} s: ${mix.requests} requests, ${mix.rps.toFixed(1)} req/s (target ≥ ${TARGETS.mixRps}; ${mix.rps >= TARGETS.mixRps ? "ok" : "MISS"}), ` +
      `p50 ${ms(mix.p50)} ms, p99 ${ms(mix.p99)} ms, errors ${mix.errors}; server CPU ${perRequest(mix.cpuMs, mix.requests)} a request`,
  );
  fs.mkdirSync(".bench", { recursive: true });
  const tally = (t: FloodTally) => ({ total: t.total, byKind: t.byKind });
  fs.writeFileSync(".bench/signin.json", JSON.stringify({ loadBefore, loadAfter, quiet, unknown, known, unknownTally: tally(unknownTally), knownTally: tally(knownTally), mix }, null, 2));
} finally {
  clearTimeout(watchdog);
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
