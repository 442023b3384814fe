// `node --import tsx scripts/bench-money.ts`: the money calls under load (issue 19, Performance), on
// SQLite, and on a scratch PostgreSQL database too when DATABASE_URL is set.
// - Cost records: the demo organisation with 93 days of daily consumption (seedUsage), its 'total'
//   view over the 93 days (/costrecord's 合计: one row a day, every type summed, 100 a page) asked
//   through the real server on loopback at 20 keep-alive connections. Target: p95 < 50 ms.
// - Notifies: 100 pending orders, then 200 signed notifies (each order's twice: a provider's retry
//   racing its first) sent at once. Target: exactly 100 credits, the balance up by exactly their sum
//   and equal to the sum of its ledger.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { paySandboxApi, rechargeApi } from "../resources/billing/recharge";
import { statsApi } from "../resources/stats/stats";
import { sandboxPayments, signatureHeader, type PayClaim } from "../server/adapters/payment";
import { openDb } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { reconcile } from "../server/engine/ledger";
import { seedAll } from "../server/seed/index";
import { createOrder } from "../server/services/billing/recharge";
import { formatDateTime } from "../server/services/datetime";
import { addDays, startOfDay } from "../server/services/stat-range";
import { tokenSecret } from "../server/services/tool-tokens";
import { signedInOver } from "./lib/bench-app";
import { startServer } from "./lib/server-process.mjs";
import { scopeFor } from "./lib/scope-for";
import { scratchPostgres } from "./lib/scratch-pg";

const DAYS = 93;
const CONNECTIONS = 20;
const REQUESTS = 400;
const ORDERS = 100;
const TARGET_P95 = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function call(agent: http.Agent, base: URL, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const started = performance.now();
  return new Promise<{ ms: number; status: number; json: { code?: number; count?: number; data?: unknown } }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(new URL(url, base), { agent, method, headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

async function bench(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-money-"));
  try {
    const seeding = openDb({ databaseUrl, dataDir, readers: 0 });
    const seedStarted = performance.now();
    await migrateToLatest(seeding.kysely);
    await seedAll(seeding, { passwordMemoryKiB: 64, students: 20, historyDays: DAYS });
    await seeding.close();
    const seedS = (performance.now() - seedStarted) / 1000;

    // The server in its own process, as deployed: the bench's 20 clients then do not take the
    // server's one event loop (in one process they measured their own parsing as the server's).
    const server = await startServer({ dataDir, databaseUrl: databaseUrl ?? "", env: { DEMO: "0", LECTERN_RATE_LIMITS: "off" } });
    const base = new URL(server.baseURL);
    const cookie = await signedInOver(server.baseURL);
    const db = openDb({ databaseUrl, dataDir, readers: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    try {
      console.log(`\nMoney, ${label} (${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}); demo seeded with ${DAYS} days of use in ${seedS.toFixed(1)} s`);

      // 合计 over the last 93 days, as /costrecord asks for it.
      const today = startOfDay(Date.now());
      const query = new URLSearchParams({ type: "total", begindate: formatDateTime(addDays(today, -(DAYS - 1))), enddate: formatDateTime(addDays(today, 1) - 1000), page: "1", count: "100" });
      const url = `${statsApi.consume.path}?${query}`;
      const timed = async (target: string, rows: number) => {
        const once = async () => {
          const res = await call(agent, base, "GET", target, { cookie });
          if (res.status !== 200 || res.json.code !== 0 || (res.json.count ?? rows) < rows) throw new Error(`${target} answered ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          return res.ms;
        };
        await Promise.all(Array.from({ length: 40 }, once));
        const samples: number[] = [];
        let next = 0;
        await Promise.all(Array.from({ length: CONNECTIONS }, async () => { while (next++ < REQUESTS) samples.push(await once()); }));
        samples.sort((a, b) => a - b);
        return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
      };
      const total = await timed(url, DAYS - 1);
      // What the machine gives any signed-in call at that moment: the session check and the envelope.
      const floor = await timed("/cms/trylogin", 0);
      const line = (t: { p50: number; p95: number; p99: number }) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`;
      console.log(`  cost records 合计 over ${DAYS} days, ${CONNECTIONS} connections, ${REQUESTS} requests: ${line(total)} (target p95 < ${TARGET_P95} ms; ${total.p95 < TARGET_P95 ? "ok" : "MISS"})`);
      console.log(`  /cms/trylogin beside it, the floor of any signed-in call now: ${line(floor)}`);

      // 100 orders, each notified twice at once.
      const org = await db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
      const scope = scopeFor(db, org.id);
      const orders = [];
      for (let i = 0; i < ORDERS; i++) orders.push(await createOrder(scope, 100 + i / 100, i % 2 ? "alipay" : "wechatpay"));
      const signer = sandboxPayments(tokenSecret({ tokenSecret: null, dataDir }), paySandboxApi.page.path);
      const before = await reconcile(db.kysely, org.id);
      const notifyAgent = new http.Agent({ keepAlive: true, maxSockets: 2 * ORDERS });
      const started = performance.now();
      const answers = await Promise.all(
        [...orders, ...orders].map((o, i) => {
          const claim: PayClaim = { trade_no: o.tradeNo, fee_milli: o.feeMilli, status: "paid", ts: Date.now(), nonce: `bench${String(i).padStart(4, "0")}` };
          return call(notifyAgent, base, "POST", rechargeApi.notify.path, { [signatureHeader]: signer.signNotify(claim) }, claim);
        }),
      );
      const tookMs = performance.now() - started;
      notifyAgent.destroy();
      const outcomes = answers.map((a) => (a.json.data as { outcome?: string } | undefined)?.outcome ?? `status ${a.status}`);
      const credited = outcomes.filter((o) => o === "credited").length;
      const after = await reconcile(db.kysely, org.id);
      const expected = orders.reduce((sum, o) => sum + o.feeMilli, 0);
      const right = credited === ORDERS && after.balanceMilli - before.balanceMilli === expected && after.balanceMilli === after.ledgerMilli && after.rows - before.rows === ORDERS;
      console.log(`  ${2 * ORDERS} notifies of ${ORDERS} orders at once: ${credited} credited, ${outcomes.filter((o) => o === "unchanged").length} found them credited, in ${tookMs.toFixed(0)} ms; balance +¥${((after.balanceMilli - before.balanceMilli) / 1000).toFixed(2)} of ¥${(expected / 1000).toFixed(2)}, ${after.rows - before.rows} ledger rows, balance ${after.balanceMilli === after.ledgerMilli ? "=" : "≠"} Σ ledger (target exactly ${ORDERS}; ${right ? "ok" : "MISS"})`);
      if (!right) process.exitCode = 1;
    } finally {
      agent.destroy();
      await server.stop();
      await db.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await bench("SQLite", null);
if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL, "lectern_bench_money");
  try {
    await bench("PostgreSQL", scratch.url);
  } finally {
    await scratch.drop();
  }
}
