import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";

/**
 * For browser tests on a server of their own (DEMO=0 on a fresh database): the operator's scripts
 * run against its database, and the product's own calls made with a page's session.
 */

/** Runs `scripts/<script>` on the database of `dataDir`/`databaseUrl`, as an operator does; its output. */
export function runScript(script: string, args: string[], db: { dataDir: string; databaseUrl: string }, env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
    env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve, reject) => child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} failed:\n${output}`)))));
}

/** `npm run create-organisation` on the fresh database, as a deployment without the demo gets its first console user. */
export function createOrganisation(db: { dataDir: string; databaseUrl: string }, org: { name: string; mobile: string; admin: string; password: string; balance: number }) {
  return runScript("create-organisation.ts", ["--name", org.name, "--mobile", org.mobile, "--admin", org.admin, "--balance", String(org.balance)], db, { ADMIN_PASSWORD: org.password });
}

/** The environment of a process whose clock runs `ms` ahead of the machine's (tests/kernel/support/clock-ahead.mjs). */
export const clockAhead = (ms: number) => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${pathToFileURL(path.resolve("tests/kernel/support/clock-ahead.mjs")).href}`.trim(),
  CLOCK_AHEAD_MS: String(ms),
});

type Envelope<T> = { code: number; msg: string; data: T };

/** A call with the page's own session: its whole envelope, whatever the code. */
export async function callAs<T>(page: Page, method: "GET" | "POST" | "PATCH", pathAndQuery: string, payload?: Record<string, unknown>): Promise<Envelope<T>> {
  const response =
    method === "GET" ? await page.request.get(pathAndQuery, { params: payload as Record<string, string> }) : await page.request.fetch(pathAndQuery, { method, data: payload });
  return (await response.json()) as Envelope<T>;
}

/** The same, answering the data of a successful call and failing the test on any other. */
export async function sendAs<T>(page: Page, method: "GET" | "POST" | "PATCH", pathAndQuery: string, payload?: Record<string, unknown>): Promise<T> {
  const body = await callAs<T>(page, method, pathAndQuery, payload);
  if (body.code !== 0) throw new Error(`${method} ${pathAndQuery}: ${body.code} ${body.msg}`);
  return body.data;
}

type OutboxEntry = { kind: string; mobile: string; purpose?: string; code?: string; answer?: string; text?: string };

/** The outbox lines of the server on `dataDir`. */
export function outboxOf(dataDir: string): OutboxEntry[] {
  const file = path.join(dataDir, "sms-outbox.jsonl");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as OutboxEntry) : [];
}
