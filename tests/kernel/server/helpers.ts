import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../../server/app";
import { loadConfig, type Config } from "../../../server/config";
import { openDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { outboxAdapter } from "../../../server/adapters/sms";
import { seedAll } from "../../../server/seed/index";
import { scratchPostgres } from "../../../scripts/lib/scratch-pg";

/**
 * A fresh database per test file: a temporary SQLite file, or, when DATABASE_URL is set,
 * a new PostgreSQL database on that server, dropped afterwards. The same tests run on both.
 */
export async function freshDatabase(): Promise<{ url: string | null; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-test-"));
  const base = process.env.DATABASE_URL;
  if (!base) return { url: null, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const scratch = await scratchPostgres(base, "lectern_t");
  return {
    url: scratch.url,
    dataDir,
    drop: async () => {
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** A second app on the same database: what a second server process would be. */
  twin: () => Promise<FastifyInstance>;
  outbox: () => { kind: string; mobile: string; purpose?: string; code?: string; answer?: string; text?: string }[];
  close: () => Promise<void>;
}

/** A fresh database, migrated and (unless told not to) seeded, with the configuration a test app runs on. */
export async function seededDatabase(opts: { seed?: boolean; config?: Partial<Config> } = {}) {
  const fresh = await freshDatabase();
  const config = { ...loadConfig({ DATA_DIR: fresh.dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(fresh.dataDir, "no-dist"), RTMP_PORT: "off" }), passwordMemoryKiB: 64, ...opts.config };
  const db = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 4 });
  await migrateToLatest(db.kysely);
  if (opts.seed !== false) await seedAll(db, { passwordMemoryKiB: 64, students: 20, historyDays: 3 });
  return { db, config, fresh, messages: outboxAdapter(fresh.dataDir) };
}

export async function startTestServer(opts: { seed?: boolean; config?: Partial<Config> } = {}): Promise<TestServer> {
  const { db, config, fresh, messages } = await seededDatabase(opts);
  const app = await buildApp({ db, config, messages });
  const twins: FastifyInstance[] = [];
  return {
    app,
    db,
    dataDir: fresh.dataDir,
    twin: async () => {
      const t = await buildApp({ db, config, messages });
      twins.push(t);
      return t;
    },
    outbox: () => {
      const file = path.join(fresh.dataDir, "sms-outbox.jsonl");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
    },
    close: async () => {
      await app.close();
      for (const t of twins) await t.close();
      await db.close();
      await fresh.drop();
    },
  };
}

/** A test server with the demo main admin of 示例学校 signed in: `({ s, admin } = await startSignedIn())`. */
export async function startSignedIn(): Promise<{ s: TestServer; admin: string }> {
  const s = await startTestServer();
  return { s, admin: await signIn(s.app, "13800000000", "admin") };
}

export const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === "lectern_sid");
  return c ? `lectern_sid=${c.value}` : "";
};

/** Signs in with the demo password and, when asked, picks the identity of that type (the first one). */
export async function signIn(app: FastifyInstance, mobile: string, type?: string, password = "demo1234"): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile, passwd: password } });
  if (res.json().code !== 0) throw new Error(`sign-in of ${mobile} failed: ${res.body}`);
  const cookie = cookieOf(res);
  if (type) {
    const list = (await app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
    const id = list[type][0].id;
    const sel = await app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id, type } });
    if (sel.json().code !== 0) throw new Error(`identity ${type} of ${mobile}: ${sel.body}`);
  }
  return cookie;
}

export const lastOf = (entries: ReturnType<TestServer["outbox"]>, kind: string, mobile: string) =>
  [...entries].reverse().find((e) => e.kind === kind && e.mobile === mobile);
