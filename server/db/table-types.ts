import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { columnTypes } from "./column-types";
import { openDb } from "./database";
import { migrateToLatest } from "./migrate";

/**
 * The Kysely table types, read from the database the migrations make (`npm run db:types` writes
 * them to server/db/tables.generated.ts; tests/kernel/server/table-types.test.ts fails when that file is
 * stale). Our own generator rather than kysely-codegen, which on this SQLite schema types `bigint`
 * times as `string`, every `integer primary key` as `number | null`, and the full-text indexes'
 * shadow tables as tables; on PostgreSQL it needs a running server and types int8 as `string`.
 *
 * The database is SQLite: the same migrations make the same columns on PostgreSQL, which the
 * table-types test checks against these types when run with DATABASE_URL.
 */

export const generatedFile = "server/db/tables.generated.ts";
export const generateCommand = "npm run db:types";

export interface TypedColumn {
  name: string;
  /** The TypeScript type as written: `Generated<number>`, `string | null`, `Role`. */
  type: string;
}

export interface TypedTable {
  name: string;
  typeName: string;
  columns: TypedColumn[];
}

/**
 * Tables the migrations make that Kysely never names: SQLite's own, the migrations' bookkeeping,
 * the full-text indexes of migrations 0002 and 0021 (virtual tables and their shadow tables,
 * told apart by SQLite itself), and `search_positions`, a numbers table of migration 0002 read
 * only through raw SQL in services/user-list.ts (SQLite only: PostgreSQL has generate_series).
 */
export const untypedTable = (name: string) => /^(sqlite_|kysely_migration)/.test(name) || name === "search_positions";

/** Integer and real types are numbers, text types strings; anything else is a new decision. */
function scalarOf(table: string, column: string, declared: string): "number" | "string" {
  if (/int|real|double|float|numeric|decimal/i.test(declared)) return "number";
  if (/char|text|clob/i.test(declared)) return "string";
  throw new Error(`${table}.${column}: no TypeScript type for the column type '${declared}' (server/db/table-types.ts)`);
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

interface CatalogueColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** Migrates a scratch SQLite database and reads its catalogue: tables by name, columns in the order the migrations made them. */
export async function migratedTableTypes(): Promise<TypedTable[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-types-"));
  const db = openDb({ databaseUrl: null, dataDir, readers: 0 });
  try {
    await migrateToLatest(db.kysely);
    const { rows: tables } = await sql<{ name: string; type: string }>`select name, type from pragma_table_list where schema = 'main' and type = 'table' order by name`.execute(db.kysely);
    const { rows: definitions } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table'`.execute(db.kysely);
    const sqlOf = new Map(definitions.map((d) => [d.name, d.sql]));
    const overridden = new Set<string>();
    const typed: TypedTable[] = [];
    for (const { name } of tables.filter((t) => !untypedTable(t.name))) {
      const { rows: columns } = await sql<CatalogueColumn>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${name}) order by cid`.execute(db.kysely);
      const autoIncrement = /\bautoincrement\b/i.test(sqlOf.get(name) ?? "");
      typed.push({
        name,
        typeName: `${pascal(name)}Table`,
        columns: columns.map((c) => {
          const key = `${name}.${c.name}`;
          const scalar = scalarOf(name, c.name, c.type);
          const closed = columnTypes[key];
          if (closed) {
            if (scalar !== "string") throw new Error(`server/db/column-types.ts gives ${key} the type ${closed}, but the column is ${c.type}`);
            overridden.add(key);
          }
          // SQLite reports a key column nullable unless declared not null; every key here is always given or a rowid.
          const nullable = c.notnull === 0 && c.pk === 0;
          const base = `${closed ?? scalar}${nullable ? " | null" : ""}`;
          const generated = c.dflt_value !== null || (c.pk > 0 && autoIncrement);
          return { name: c.name, type: generated ? `Generated<${base}>` : base };
        }),
      });
    }
    const unknown = Object.keys(columnTypes).filter((key) => !overridden.has(key));
    if (unknown.length) throw new Error(`server/db/column-types.ts names ${unknown.join(", ")}, which the migrations do not make`);
    return typed;
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of server/db/tables.generated.ts. */
export function renderTableTypes(tables: readonly TypedTable[]): string {
  const closed = [...new Set(tables.flatMap((t) => t.columns.map((c) => columnTypes[`${t.name}.${c.name}`]).filter(Boolean)))].sort();
  return [
    `// Generated by \`${generateCommand}\` (server/db/table-types.ts) from the database the migrations make: do not edit.`,
    "// A new column is a migration, then this command. Times are epoch milliseconds; money is in thousandths",
    "// of a yuan; flags are 0/1; closed sets of text values come from server/db/column-types.ts.",
    'import type { Generated } from "kysely";',
    `import type { ${closed.join(", ")} } from "./column-types";`,
    "",
    ...tables.flatMap((t) => [`export interface ${t.typeName} {`, ...t.columns.map((c) => `  ${c.name}: ${c.type};`), "}", ""]),
    "export interface Database {",
    ...tables.map((t) => `  ${t.name}: ${t.typeName};`),
    "}",
    "",
  ].join("\n");
}
