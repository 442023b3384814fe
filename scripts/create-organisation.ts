// `npm run create-organisation -- --name 某某学校 --mobile 13912345678 --admin 张校长 [--balance 1000]`
// with the admin's password in ADMIN_PASSWORD: an organisation and its main admin, on the database
// of DATABASE_URL / DATA_DIR (migrated first). How a deployment started with DEMO=0 gets its first
// console user. On SQLite run it while the server is stopped (a SQLite file belongs to one process).
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db/database";
import { prepareDatabase } from "../server/db/startup";
import { createOrganisation } from "../server/services/organisations";

const { values } = parseArgs({
  options: { name: { type: "string" }, mobile: { type: "string" }, admin: { type: "string" }, balance: { type: "string", default: "0" } },
});
if (!values.name || !values.mobile || !values.admin) {
  process.stderr.write("usage: npm run create-organisation -- --name <机构名称> --mobile <管理员手机号> --admin <管理员姓名> [--balance <元>]  (password in ADMIN_PASSWORD)\n");
  process.exit(2);
}

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(db, { demo: null });
  const { orgId } = await createOrganisation(
    db,
    { name: values.name, mobile: values.mobile, adminName: values.admin, password: process.env.ADMIN_PASSWORD ?? "", balanceYuan: Number(values.balance) },
    config.passwordMemoryKiB,
  );
  process.stdout.write(`Organisation ${orgId} 「${values.name}」 created; its main admin signs in as ${values.mobile}.\n`);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
