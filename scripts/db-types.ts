// `npm run db:types`: migrates a scratch SQLite database and writes its Kysely table types to
// server/db/tables.generated.ts (server/db/table-types.ts). Run it after adding a migration.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generatedFile, migratedTableTypes, renderTableTypes } from "../server/db/table-types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tables = await migratedTableTypes();
fs.writeFileSync(path.join(root, generatedFile), renderTableTypes(tables));
process.stdout.write(`${generatedFile}: ${tables.length} tables\n`);
