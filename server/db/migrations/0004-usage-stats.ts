import { sql, type CreateTableBuilder, type ColumnDataType, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * Usage the platform writes, read by the dashboard and the statistics pages (1 §2.3, 3 §2.2).
 *
 * Samples are keyed (org_id, ts) and days (org_id, day[, kind|type]): a chart of one organisation
 * over a range is one index range scan, whatever the other organisations hold. On SQLite the
 * tables are WITHOUT ROWID, so the key is the table's own order and the scan reads the value
 * beside the key; on PostgreSQL the primary key index carries the value (INCLUDE) for
 * index-only scans. `ts` is epoch ms of the sample's minute; `day` is the local calendar day
 * 'YYYY-MM-DD', the day the platform bills.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  /** A usage table of (org_id, …columns), keyed (org_id, …key); on PostgreSQL `include` rides in the key's index. */
  async function usageTable(name: string, columns: [string, ColumnDataType][], key: string[], include?: string) {
    let t: CreateTableBuilder<string, string> = db.schema
      .createTable(name)
      .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"));
    for (const [column, type] of columns) t = t.addColumn(column, type, (c) => c.notNull());
    const columnsOfKey = ["org_id", ...key];
    if (pg && include) {
      await t.execute();
      await sql`alter table ${sql.table(name)} add constraint ${sql.ref(`${name}_pk`)}
        primary key (${sql.join(columnsOfKey.map((c) => sql.ref(c)))}) include (${sql.ref(include)})`.execute(db);
      return;
    }
    t = t.addPrimaryKeyConstraint(`${name}_pk`, columnsOfKey as never);
    await (pg ? t : t.modifyEnd(sql`without rowid`)).execute();
  }

  await usageTable("live_concurrency", [["ts", "bigint"], ["usernum", "integer"]], ["ts"], "usernum");
  await usageTable("replay_concurrency", [["ts", "bigint"], ["usernum", "integer"]], ["ts"], "usernum");
  await usageTable("vod_bandwidth", [["ts", "bigint"], ["mbps", "double precision"]], ["ts"], "mbps");
  await usageTable("vod_traffic", [["day", "varchar(10)"], ["bytes", "bigint"]], ["day"]);
  await usageTable("storage_daily", [["day", "varchar(10)"], ["kind", "varchar(8)"], ["bytes", "bigint"]], ["day", "kind"]);
  await usageTable("daily_consumption", [["day", "varchar(10)"], ["type", "varchar(16)"], ["value", "double precision"], ["cost_milli", "bigint"]], ["day", "type"]);
  await usageTable("page_views", [["day", "varchar(10)"], ["uv", "integer"], ["pv", "integer"], ["vod_uv", "integer"], ["vod_pv", "integer"]], ["day"]);

  await db.schema
    .createTable("board_config")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("modules", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["board_config", "page_views", "daily_consumption", "storage_daily", "vod_traffic", "vod_bandwidth", "replay_concurrency", "live_concurrency"])
    await db.schema.dropTable(t).execute();
}
