import { loadConfig } from "./config";
import { openDb } from "./db/database";
import { prepareDatabase } from "./db/startup";
import { buildApp } from "./app";
import { outboxAdapter } from "./adapters/sms";
import { demoAccounts, DEMO_PASSWORD } from "./seed/demo";
import { stopOnSignals } from "./shutdown";

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(db, {
  demo: config.demo ? { passwordMemoryKiB: config.passwordMemoryKiB, dataDir: config.dataDir } : null,
  say: (line) => process.stdout.write(`${line}\n`),
});
const app = await buildApp({ db, config, messages: outboxAdapter(config.dataDir) });
// The kernel's queue of connections not yet accepted: Node's default of 511 overflowed when a room's
// thousands of pages came at once (a restart's reconnections, 5,000 viewers joining within a minute
// on a busy machine) and the overflow was reset, not queued (issue 20, Performance). Linux caps it
// at net.core.somaxconn.
await app.listen({ port: config.port, host: config.host, backlog: 4096 });

const shown = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
process.stdout.write(
  [
    ``,
    `Lectern is running at http://${shown}:${config.port}  (database: ${db.dialect}${db.dialect === "sqlite" ? `, ${config.dataDir}` : ""})`,
    `SMS and captcha answers go to ${config.dataDir}/sms-outbox.jsonl`,
    ...(config.demo ? [`Demo accounts (password ${DEMO_PASSWORD}):`, ...demoAccounts.map((a) => `  ${a.mobile}  ${a.name}  ${a.says}`)] : []),
    ``,
  ].join("\n"),
);

stopOnSignals(app, db, config.shutdownGraceMs);
