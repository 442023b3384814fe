import { Migrator, type Kysely, type Migration } from "kysely";
import { openDb, type Db } from "../../../server/db/database";
import { freshDatabase } from "./helpers";

/**
 * A fresh database of its own for a migration's test, and a migrator over just the migrations it
 * names: one that knows no later migration cannot roll back past one it has not seen.
 */
export async function withMigrations(test: (db: Db, migrator: (migrations: Record<string, Migration>) => Migrator) => Promise<void>): Promise<void> {
  const fresh = await freshDatabase();
  const db = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 2 });
  try {
    await test(db, (migrations) => new Migrator({ db: db.kysely as unknown as Kysely<unknown>, provider: { getMigrations: async () => migrations } }));
  } finally {
    await db.close();
    await fresh.drop();
  }
}
