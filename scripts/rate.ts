// `npm run rate -- [--day 2026-11-27]`: rates a day that is over (yesterday by default) for every
// organisation, as the server's hourly run does (server/services/billing/rating.ts), on the database
// of DATABASE_URL / DATA_DIR. Rating a day again bills nothing twice. On SQLite run it while the
// server is stopped (a SQLite file belongs to one process).
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db/database";
import { prepareDatabase } from "../server/db/startup";
import { rateAll, yesterday } from "../server/services/billing/rating";

const { values } = parseArgs({ options: { day: { type: "string" } } });
const day = values.day ?? yesterday();
if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
  process.stderr.write("usage: npm run rate -- [--day YYYY-MM-DD]\n");
  process.exit(2);
}

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(db, { demo: null });
  const started = performance.now();
  const done = await rateAll(db, day);
  process.stdout.write(
    `${day}: ${done.organisations} organisations, ${done.charged} charged ¥${(done.costMilli / 1000).toFixed(2)} in ${((performance.now() - started) / 1000).toFixed(1)} s (days rated before are not billed again)\n`,
  );
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
