// `npm run certify -- --org N`: a platform operator approves organisation N's certification (3 §4).
// Nobody outside reviews a submission: the operator checks the licence photo and the details (the
// organisation's /groupCertification shows them; the audit log has every change) and then approves
// the record waiting as 'validating', which becomes 'validate-complete' (已认证 beside the
// organisation's name). A record changed later waits for approval again. On SQLite run it while the
// server is stopped (a SQLite file belongs to one process).
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db/database";
import { prepareDatabase } from "../server/db/startup";
import { approveCertification } from "../server/services/certification/approve";

const { values } = parseArgs({ options: { org: { type: "string" } } });
const orgId = Number(values.org);
if (!Number.isInteger(orgId) || orgId <= 0) {
  process.stderr.write("usage: npm run certify -- --org <organisation id>\n");
  process.exit(2);
}

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(db, { demo: null });
  const outcome = await approveCertification(db, orgId);
  process.stdout.write(`organisation ${orgId}: ${outcome}\n`);
  if (outcome !== "approved") process.exitCode = 1;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
