// `npm run bank-credit -- --trade <order number> --fee <yuan>`: the platform operator credits a bank
// transfer that reached the account /recharge shows (BANK_ACCOUNT). The transfer's note is the
// pending bank order's number; the amount received must be the order's own, and an order is
// credited once however often this runs. On SQLite run it while the server is stopped (a SQLite
// file belongs to one process).
import { parseArgs } from "node:util";
import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db/database";
import { prepareDatabase } from "../server/db/startup";
import { creditBankTransfer, milliOfYuan } from "../server/services/billing/recharge";

const { values } = parseArgs({ options: { trade: { type: "string" }, fee: { type: "string" } } });
const feeMilli = milliOfYuan(Number(values.fee));
if (!values.trade || feeMilli === null) {
  process.stderr.write("usage: npm run bank-credit -- --trade <order number> --fee <yuan received>\n");
  process.exit(2);
}

// The one thing the credit logs: a received amount that is not the order's (nothing moves then).
const log = { warn: (detail: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(detail)}\n`) } as unknown as FastifyBaseLogger;
const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(db, { demo: null });
  const outcome = await creditBankTransfer(db, values.trade, feeMilli, log);
  process.stdout.write(`order ${values.trade}: ${outcome === "credited" ? "credited" : "already settled, nothing moved"}\n`);
  if (outcome !== "credited") process.exitCode = 1;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
