import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SingleDecl } from "../../resources/kernel/single";
import type { SingleTableDecl } from "../../resources/kernel/table";
import type { Ctx } from "../context";
import { fail, ok } from "../plugins/envelope";
import { checkAgainst } from "../plugins/schemas";
import { singleHooksNamed } from "../hooks";
import { accessCheck, type CredentialCheck } from "./access";
import { recordAudit } from "./audit";
import { orgScope, type OrgScope, type OrgTable } from "./org-scope";
import { route } from "./route";
import type { LooseSelect } from "./table-query";

/** A settings record as the wire and the schema see it: field → value, a group → its own fields. */
export type SingleRecord = Record<string, unknown>;

const isGroup = (value: unknown): value is SingleRecord => !!value && typeof value === "object" && !Array.isArray(value);

/**
 * `sent` over `base`, shaped by `defaults`: only the fields the defaults name, in their order; a
 * group merges field by field and ignores anything but an object; with `asText` a number sent is kept as text.
 */
function merged(defaults: SingleRecord, base: SingleRecord, sent: SingleRecord, asText: boolean): SingleRecord {
  return Object.fromEntries(
    Object.entries(defaults).map(([field, fallback]) => {
      const was = field in base && base[field] !== undefined ? base[field] : fallback;
      if (isGroup(fallback)) return [field, merged(fallback, isGroup(was) ? was : fallback, isGroup(sent[field]) ? sent[field] : {}, asText)];
      if (!(field in sent)) return [field, was];
      const value = sent[field];
      return [field, asText && typeof value === "number" ? String(value) : value];
    }),
  );
}

/** The object of a JSON text, or null. */
function objectOf(text: unknown): SingleRecord | null {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return isGroup(value) ? value : null;
  } catch {
    return null;
  }
}

/** A JSON text column's value; a text that is no JSON (never written by the engine) reads as absent, so the default stands. */
function parsed(text: unknown): unknown {
  try {
    return JSON.parse(String(text)) as unknown;
  } catch {
    return undefined;
  }
}

const tableOf = (table: SingleTableDecl) => table.name as OrgTable;

/** The record a stored row holds (JSON text or one column a field). */
function recordOfRow(table: SingleTableDecl, row: Record<string, unknown>): SingleRecord {
  const { json } = table.single;
  if (json) return objectOf(row[json.column]) ?? {};
  return Object.fromEntries((table.columns ?? []).filter((c) => c.wire).map((c) => [c.wire!, c.json ? parsed(row[c.column]) : row[c.column]]));
}

/** The columns that store `record`. */
function rowOf(table: SingleTableDecl, record: SingleRecord): Record<string, unknown> {
  const { json } = table.single;
  const row: Record<string, unknown> = json
    ? { [json.column]: JSON.stringify(record) }
    : Object.fromEntries((table.columns ?? []).filter((c) => c.wire).map((c) => [c.column, c.json ? JSON.stringify(record[c.wire!]) : record[c.wire!]]));
  if (table.updated) row[table.updated] = Date.now();
  return row;
}

/** The organisation's record: what it stored over the declared defaults, or the defaults. */
export async function readSingle(scope: OrgScope, table: SingleTableDecl): Promise<SingleRecord> {
  const row = await (scope.selectFrom(tableOf(table)).selectAll() as unknown as LooseSelect).executeTakeFirst();
  const { defaults, numbersAsText } = table.single;
  return merged(defaults, defaults, row ? recordOfRow(table, row as Record<string, unknown>) : {}, !!numbersAsText);
}

/** One field a setting for the audit log: a group's fields beside the others, as the log has always shown them. */
function flat(record: SingleRecord): SingleRecord {
  return Object.fromEntries(Object.entries(record).flatMap(([field, value]) => (isGroup(value) ? Object.entries(value) : [[field, value]])));
}

/**
 * Saves `sent` over the organisation's record in one transaction: the row is made first if absent
 * and held (FOR UPDATE on PostgreSQL; SQLite has one writer), so a parallel save of other fields
 * waits and merges over this one instead of overwriting it. The merged record must satisfy the
 * declared schema; its first message refuses it, naming `field`. The change is logged as `resource`, record 0.
 */
export async function saveSingle(scope: OrgScope, table: SingleTableDecl, resource: string, sent: SingleRecord, field?: string): Promise<SingleRecord> {
  const { defaults, schema, numbersAsText } = table.single;
  return scope.transaction(async (tx) => {
    await (tx.insertInto(tableOf(table), rowOf(table, defaults) as never) as unknown as { onConflict: LooseConflict }).onConflict((oc) => oc.column("org_id").doNothing()).execute();
    const held = tx.selectFrom(tableOf(table)).selectAll();
    const row = await (tx.dialect === "postgres" ? held.forUpdate() : held).executeTakeFirstOrThrow();
    const before = merged(defaults, defaults, recordOfRow(table, row as Record<string, unknown>), !!numbersAsText);
    const after = merged(defaults, before, sent, !!numbersAsText);
    const problem = checkAgainst(schema, after);
    if (problem) throw fail.bad(problem.msg, field ?? problem.field);
    await tx.updateTable(tableOf(table), rowOf(table, after) as never).execute();
    await recordAudit(tx, { resource, recordId: 0, action: "update", before: flat(before), after: flat(after) });
    return after;
  });
}

type LooseConflict = (build: (oc: { column(c: string): { doNothing(): unknown } }) => unknown) => { execute(): Promise<unknown> };

/**
 * Registers a single-record declaration's read and save (resources/kernel/single.ts): each guarded
 * by its declared access through the one access function, the save's body validated by its form.
 */
export function registerSingle(app: FastifyInstance, { db, config }: Ctx, decl: SingleDecl) {
  const { table, api } = decl;
  const { json } = table.single;
  const hooks = table.hooks ? singleHooksNamed(table.hooks) : undefined;
  const tags = [decl.name];
  // Carried as JSON text in one field, or (no `wire`) the record as it is.
  const text = json && "invalid" in json ? json : undefined;
  const wire = (record: SingleRecord) => (text ? { [text.wire]: JSON.stringify(record) } : record);
  const scopeOf = (request: FastifyRequest) => orgScope(request, db);
  // A settings record is guarded by menu keys or identity types, never by a feature's credential.
  const noCredentials = new Map<string, CredentialCheck>();
  route(app, api.get, { guard: accessCheck(decl.access.read, noCredentials), summary: `${decl.title}: the organisation's record (the defaults until saved)`, tags, declared: "table", operation: `${decl.name}.get` }, async (request) =>
    ok(wire(await readSingle(scopeOf(request), table))),
  );
  route(
    app,
    api.update,
    { body: decl.form, guard: accessCheck(decl.access.write, noCredentials), summary: `${decl.title}: merge the fields sent over the record, checked against ${table.single.schema}`, tags, declared: "table", operation: `${decl.name}.update` },
    async (request) => {
      const body = request.body as SingleRecord;
      const sent = text ? objectOf(body[text.wire]) : body;
      if (!sent) throw fail.bad(text!.invalid, text!.wire);
      const scope = scopeOf(request);
      // Checked before the transaction: a hook may wait on the network (a URL's DNS), which must not hold the row.
      const checked = hooks?.check ? await hooks.check(sent, { scope, config }) : sent;
      const saved = await saveSingle(scope, table, decl.name, checked, text?.wire);
      hooks?.saved?.(saved, { scope, config });
      return ok(wire(saved), { msg: decl.saved });
    },
  );
}
