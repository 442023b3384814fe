import { sql, type CreateTableBuilder, type Kysely } from "kysely";
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
  const org = (t: CreateTableBuilder<string, never>) =>
    t.addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"));
  const key = (t: CreateTableBuilder<string, string>, name: string, columns: string[]) => t.addPrimaryKeyConstraint(name, columns as never);
  const clustered = (t: CreateTableBuilder<string, string>) => (pg ? t : t.modifyEnd(sql`without rowid`));

  for (const [table, value, type] of [["live_concurrency", "usernum", "integer"], ["replay_concurrency", "usernum", "integer"], ["vod_bandwidth", "mbps", "double precision"]] as const) {
    const t = org(db.schema.createTable(table)).addColumn("ts", "bigint", (c) => c.notNull()).addColumn(value, type, (c) => c.notNull());
    if (!pg) await clustered(key(t, `${table}_pk`, ["org_id", "ts"])).execute();
    else {
      await t.execute();
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_pk`)} primary key (org_id, ts) include (${sql.ref(value)})`.execute(db);
    }
  }

  await clustered(
    key(org(db.schema.createTable("vod_traffic")).addColumn("day", "varchar(10)", (c) => c.notNull()).addColumn("bytes", "bigint", (c) => c.notNull()), "vod_traffic_pk", ["org_id", "day"]),
  ).execute();

  await clustered(
    key(
      org(db.schema.createTable("storage_daily"))
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("bytes", "bigint", (c) => c.notNull()),
      "storage_daily_pk",
      ["org_id", "day", "kind"],
    ),
  ).execute();

  await clustered(
    key(
      org(db.schema.createTable("daily_consumption"))
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("type", "varchar(16)", (c) => c.notNull())
        .addColumn("value", "double precision", (c) => c.notNull())
        .addColumn("cost_milli", "bigint", (c) => c.notNull()),
      "daily_consumption_pk",
      ["org_id", "day", "type"],
    ),
  ).execute();

  await clustered(
    key(
      org(db.schema.createTable("page_views"))
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("uv", "integer", (c) => c.notNull())
        .addColumn("pv", "integer", (c) => c.notNull())
        .addColumn("vod_uv", "integer", (c) => c.notNull())
        .addColumn("vod_pv", "integer", (c) => c.notNull()),
      "page_views_pk",
      ["org_id", "day"],
    ),
  ).execute();

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
