import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { freshDatabase } from "../server/helpers";
import { startServer } from "../../../scripts/lib/server-process.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The server's PostgreSQL database, "" on SQLite (the file is in dataDir). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = process.env.DIST_DIR || "dist";
  if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist}/ is missing: run \`npm run build\` before the browser suite`);
  const db = await freshDatabase();
  // Data push may reach a receiver a test starts on 127.0.0.1 (tests/data-push/e2e): the operator's
  // setting for a local receiver. The bank account is the operator's too (tests/billing/e2e/recharge.e2e.ts).
  const env = { PUSH_ALLOW_PRIVATE: "1", BANK_ACCOUNT: "乐学科技有限公司|招商银行北京分行|110912345610601" };
  const server = await startServer({ dataDir: db.dataDir, databaseUrl: db.url ?? "", env });
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", db.dataDir);
  project.provide("databaseUrl", db.url ?? "");
  return async () => {
    await server.stop();
    await db.drop();
  };
}
