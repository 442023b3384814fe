import fs from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { generateCommand, generatedFile, migratedTableTypes, renderTableTypes, untypedTable, type TypedTable } from "../../../server/db/table-types";
import { freshDatabase } from "./helpers";

/**
 * The Kysely table types are generated from the migrated database (server/db/table-types.ts,
 * `npm run db:types`). Two checks:
 *
 * - the generated file is what the generator writes today: a migration added without running the
 *   command fails here, naming the table and column that differ and the command to run;
 * - the types match the schema the migrations produce on the database under test, SQLite or (with
 *   DATABASE_URL) PostgreSQL, which the generator does not read: the same tables, the same columns,
 *   the same nullability, the same family of type (number or text), and a database default behind
 *   every `Generated<…>`. The types are read with the TypeScript compiler.
 */

type Family = "number" | "string";
interface TypedColumn {
  family: Family | "unknown";
  nullable: boolean;
  generated: boolean;
}

const typesFile = fileURLToPath(new URL(`../../../${generatedFile}`, import.meta.url));

/** The full-text indexes (migrations 0002, 0021): SQLite's virtual and shadow tables, which the generator leaves out by their kind. */
const untyped = (name: string) => untypedTable(name) || /^(identity|live)_search(_\w+)?$/.test(name);

function typedTables(): Map<string, Map<string, TypedColumn>> {
  const program = ts.createProgram([typesFile], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database");
  if (!database) throw new Error(`no interface Database in ${generatedFile}`);

  const columnOf = (property: ts.Symbol): TypedColumn => {
    const declaration = property.valueDeclaration as ts.PropertySignature;
    const written = declaration.type!;
    const generated = ts.isTypeReferenceNode(written) && written.typeName.getText(source) === "Generated";
    const inner = generated ? (written as ts.TypeReferenceNode).typeArguments![0] : written;
    const type = checker.getTypeFromTypeNode(inner);
    const parts = type.isUnion() ? type.types : [type];
    const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
    const rest = parts.filter((part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const numeric = rest.every((part) => part.flags & ts.TypeFlags.NumberLike);
    const textual = rest.every((part) => part.flags & ts.TypeFlags.StringLike);
    return { family: numeric ? "number" : textual ? "string" : "unknown", nullable, generated };
  };

  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const member of database.members) {
    const table = (member.name as ts.Identifier).text;
    const rowType = checker.getTypeAtLocation(member);
    tables.set(table, new Map(rowType.getProperties().map((property) => [property.name, columnOf(property)])));
  }
  return tables;
}

/** Integer, real and numeric types are numbers; text, varchar and char are strings. */
function familyOf(dataType: string): Family | "unknown" {
  const t = dataType.toLowerCase();
  if (/^(int|integer|bigint|smallint|int2|int4|int8|real|double|float|float4|float8|numeric|decimal|serial|bigserial)/.test(t)) return "number";
  if (/^(text|varchar|character|char|bpchar|character varying)/.test(t)) return "string";
  return "unknown";
}

/** The migrated tables; on SQLite a primary key column counts as not null (SQLite reports it nullable unless declared so, though every key here is always given or a rowid). */
async function migratedTables() {
  const tables = (await db.kysely.introspection.getTables()).filter((t) => !t.isView && !untyped(t.name));
  if (db.dialect !== "sqlite") return tables;
  return Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(db.kysely);
      const keys = new Set(rows.filter((row) => row.pk > 0).map((row) => row.name));
      return { ...table, columns: table.columns.map((column) => (keys.has(column.name) ? { ...column, isNullable: false } : column)) };
    }),
  );
}

let db: Db;
let drop: () => Promise<void>;
let typed: Map<string, Map<string, TypedColumn>>;

beforeAll(async () => {
  typed = typedTables();
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, readers: 0 });
  await migrateToLatest(db.kysely);
});

afterAll(async () => {
  await db.close();
  await drop();
});

describe(`the Kysely table types match the migrated schema (${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("declare every table the migrations make, and no other", async () => {
    const migrated = (await migratedTables()).map((t) => t.name);
    expect([...typed.keys()].sort()).toEqual(migrated.sort());
  });

  it("give every table its columns, with the database's nullability, type family and defaults", async () => {
    const mismatches: string[] = [];
    for (const table of await migratedTables()) {
      const columns = typed.get(table.name);
      if (!columns) continue;
      const names = table.columns.map((c) => c.name);
      for (const name of columns.keys()) if (!names.includes(name)) mismatches.push(`${table.name}.${name}: in the types, not in the database`);
      for (const column of table.columns) {
        const where = `${table.name}.${column.name}`;
        const typedColumn = columns.get(column.name);
        if (!typedColumn) {
          mismatches.push(`${where}: in the database, not in the types`);
          continue;
        }
        const family = familyOf(column.dataType);
        if (typedColumn.family !== family) mismatches.push(`${where}: ${typedColumn.family} in the types, ${column.dataType} in the database`);
        if (typedColumn.nullable !== column.isNullable) {
          mismatches.push(`${where}: ${typedColumn.nullable ? "nullable" : "not null"} in the types, ${column.isNullable ? "nullable" : "not null"} in the database`);
        }
        if (typedColumn.generated && !column.hasDefaultValue && !column.isAutoIncrementing) {
          mismatches.push(`${where}: Generated<…> in the types, but the database has no default`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** Columns and their written types, by table, of a types file's text (its Database interface and the row interfaces it names). */
function writtenTables(text: string): Map<string, Map<string, string>> {
  const source = ts.createSourceFile("tables.generated.ts", text, ts.ScriptTarget.Latest, true);
  const interfaces = new Map(source.statements.filter(ts.isInterfaceDeclaration).map((i) => [i.name.text, i]));
  const properties = (i: ts.InterfaceDeclaration | undefined) =>
    (i?.members ?? []).flatMap((m) => (ts.isPropertySignature(m) ? [[m.name.getText(source), m.type?.getText(source) ?? ""] as const] : []));
  return new Map(properties(interfaces.get("Database")).map(([table, row]) => [table, new Map(properties(interfaces.get(row)))]));
}

/** What differs between the types the migrations give and a file's text, by table and column; the file's text otherwise. */
function staleness(expected: readonly TypedTable[], text: string): string[] {
  const written = writtenTables(text);
  const found: string[] = [];
  for (const table of expected) {
    const columns = written.get(table.name);
    if (!columns) {
      found.push(`${table.name}: made by the migrations, not in ${generatedFile}`);
      continue;
    }
    for (const c of table.columns) {
      const type = columns.get(c.name);
      if (type === undefined) found.push(`${table.name}.${c.name}: made by the migrations (${c.type}), not in ${generatedFile}`);
      else if (type !== c.type) found.push(`${table.name}.${c.name}: ${type} in ${generatedFile}, ${c.type} from the migrations`);
    }
    for (const name of columns.keys()) if (!table.columns.some((c) => c.name === name)) found.push(`${table.name}.${name}: in ${generatedFile}, not made by the migrations`);
  }
  for (const name of written.keys()) if (!expected.some((t) => t.name === name)) found.push(`${name}: in ${generatedFile}, not made by the migrations`);
  if (!found.length && text !== renderTableTypes(expected)) found.push(`${generatedFile}: its text differs from what the generator writes (no column differs)`);
  return found;
}

describe(`${generatedFile} is what \`${generateCommand}\` writes from the migrations`, () => {
  let expected: TypedTable[];
  beforeAll(async () => {
    expected = await migratedTableTypes();
  });

  it("is up to date", () => {
    const stale = staleness(expected, fs.readFileSync(typesFile, "utf8"));
    expect(stale, `stale table types: run \`${generateCommand}\` and commit ${generatedFile}`).toEqual([]);
  });

  it("names the table and column of a stale file", () => {
    const current = renderTableTypes(expected);
    // As if a migration had added rate_counters.limit_hits and let job_leases.until be null, the file left as it was.
    const migrated = expected.map((t) =>
      t.name === "rate_counters" ? { ...t, columns: [...t.columns, { name: "limit_hits", type: "number" }] }
      : t.name === "job_leases" ? { ...t, columns: t.columns.map((c) => (c.name === "until" ? { ...c, type: "number | null" } : c)) }
      : t,
    );
    expect(staleness(migrated, current)).toEqual([
      `job_leases.until: number in ${generatedFile}, number | null from the migrations`,
      `rate_counters.limit_hits: made by the migrations (number), not in ${generatedFile}`,
    ]);
    expect(staleness(expected, current.replace("  job_leases: JobLeasesTable;\n", ""))).toEqual([`job_leases: made by the migrations, not in ${generatedFile}`]);
    expect(staleness(expected, current.replace("// Generated", "// Written"))).toEqual([`${generatedFile}: its text differs from what the generator writes (no column differs)`]);
  });
});
