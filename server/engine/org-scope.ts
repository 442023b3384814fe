/**
 * THE organisation-scoped accessor: the only door to the rows of an organisation.
 *
 * Tenancy is a property of this code, not a habit of each query. A scope is obtained only from
 * a request whose session has chosen an identity, `orgScope(request, db)`, and every builder it
 * hands out already says `org_id = <that identity's organisation>`:
 *
 *   const scope = orgScope(request, db);                       // 401 without a signed-in identity
 *   scope.orgId, scope.actor                                   // { id, name, role } of the caller, for the audit log
 *   scope.selectFrom("courses")                                // SELECT … FROM courses WHERE courses.org_id = ?
 *   scope.selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id")
 *                                                              // an alias is scoped too (i.org_id = ?)
 *   scope.insertInto("courses", { title, … })                  // org_id is set; values cannot name it (one row or many)
 *   scope.updateTable("courses", { title })                    // UPDATE … SET title WHERE courses.org_id = ?; add .where(id)
 *   scope.deleteFrom("courses")                                // DELETE … WHERE courses.org_id = ?; add .where(id)
 *   scope.transaction(async (tx) => …)                         // tx is a scope over one transaction (nested: the same one)
 *   scope.shared.selectFrom("persons")                         // tables that carry no org_id (see below)
 *   scope.dialect                                              // "sqlite" | "postgres", for the rare dialect-specific SQL
 *
 * Types make misuse hard: `selectFrom`, `insertInto`, `updateTable` and `deleteFrom` accept only
 * tables that have an `org_id` column (`OrgTable`), and `insertInto`/`updateTable` values cannot
 * name `org_id`. `shared` is a Kysely typed over the other tables only (`SharedTable`): people,
 * sessions and sign-in guards, which belong to no organisation, and child rows (course_students,
 * live_staff, attendance) that belong to one through a parent. A query on a child table must
 * name a parent id the caller has first read through this scope (e.g. a course id from
 * `scope.selectFrom("courses")`); a join from a scoped table to another org table must follow a
 * key of the scoped row. Those two rules are the only places tenancy rests on the caller.
 *
 * There is deliberately no exported way to build a scope from a bare organisation number: jobs
 * that span organisations (cleanup, the demo seed, migrations) use the database directly and are
 * not request handlers. The one other door is `signedScope`: a live room's WebSocket has no session
 * but a token this server signed and has just verified (server/services/tool-tokens.ts), which names
 * the organisation as surely as a session does; only the verifier can produce a `SignedOrg`.
 */
import type { FastifyRequest } from "fastify";
import type {
  DeleteQueryBuilder,
  DeleteResult,
  InsertQueryBuilder,
  InsertResult,
  Insertable,
  Kysely,
  UpdateObject,
  UpdateQueryBuilder,
  UpdateResult,
} from "kysely";
import type { Db, Dialect } from "../db/database";
import type { Database, Role } from "../db/schema";
import { needIdentity } from "../plugins/session";

/** Tables whose rows belong to one organisation: those with an `org_id` column. */
export type OrgTable = { [T in keyof Database]: Database[T] extends { org_id: number } ? T : never }[keyof Database];
/** Tables with no `org_id`: reached through `scope.shared`. */
export type SharedTable = Exclude<keyof Database, OrgTable>;
/** `"courses"` or `"courses as c"`. */
export type OrgTableRef = OrgTable | `${OrgTable} as ${string}`;

/** Who acts: written into the audit log beside every change. */
export interface Actor {
  id: number;
  name: string;
  role: Role;
}

/** The values of a new row of `T`, without `org_id` (the scope sets it). */
export type OrgInsert<T extends OrgTable> = Omit<Insertable<Database[T]>, "org_id">;
/** The changes to rows of `T`, without `org_id` (a row never moves to another organisation). */
export type OrgUpdate<T extends OrgTable> = Omit<UpdateObject<Database, T, T>, "org_id">;

// A type-only witness so the builders' types are Kysely's own (its From/FromTables are not exported).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- read only by `typeof`, never at run time
declare const witness: Kysely<Database>;
type SelectOf<TE extends OrgTableRef> = ReturnType<typeof witness.selectFrom<TE>>;

export interface OrgScope {
  readonly orgId: number;
  readonly actor: Actor;
  readonly dialect: Dialect;
  selectFrom<TE extends OrgTableRef>(table: TE): SelectOf<TE>;
  insertInto<T extends OrgTable>(table: T, values: OrgInsert<T> | readonly OrgInsert<T>[]): InsertQueryBuilder<Database, T, InsertResult>;
  updateTable<T extends OrgTable>(table: T, set: OrgUpdate<T>): UpdateQueryBuilder<Database, T, T, UpdateResult>;
  deleteFrom<T extends OrgTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult>;
  /** Runs `fn` in one transaction (or in the current one, when this scope already is one). */
  transaction<R>(fn: (tx: OrgScope) => Promise<R>): Promise<R>;
  /** The tables that carry no organisation; see the header for the rule that goes with it. */
  readonly shared: Kysely<Pick<Database, SharedTable>>;
}

declare const signedBrand: unique symbol;
/** An organisation named by a token this server signed, as `verifyToolToken` answers it. */
export interface SignedOrg {
  readonly orgId: number;
  readonly [signedBrand]: true;
}

const aliasOf = (ref: string) => ref.split(/\s+as\s+/)[1] ?? ref;

/** Kysely cannot type a `where` on a column of a table chosen by a generic; the shape is fixed here, once. */
type Untyped = { where(column: string, op: "=", value: number): unknown; set(values: object): Untyped };

function scopeOver(k: Kysely<Database>, dialect: Dialect, orgId: number, actor: Actor): OrgScope {
  const scoped = <B>(builder: B, table: string): B => (builder as unknown as Untyped).where(`${aliasOf(table)}.org_id`, "=", orgId) as B;
  const withOrg = (values: object | readonly object[]) =>
    Array.isArray(values) ? values.map((v: object) => ({ ...v, org_id: orgId })) : { ...(values as object), org_id: orgId };
  const scope: OrgScope = {
    orgId,
    actor,
    dialect,
    selectFrom: (table) => scoped(k.selectFrom(table), table) as never,
    insertInto: (table, values) => k.insertInto(table).values(withOrg(values) as never),
    updateTable: (table, set) => {
      // Whatever a caller passes, the organisation of a row is not a value it may change.
      const { org_id: _dropped, ...changes } = set as Record<string, unknown>;
      void _dropped;
      return scoped((k.updateTable(table) as unknown as Untyped).set(changes), table) as never;
    },
    deleteFrom: (table) => scoped(k.deleteFrom(table), table) as never,
    transaction: (fn) => (k.isTransaction ? fn(scope) : k.transaction().execute((tx) => fn(scopeOver(tx, dialect, orgId, actor)))),
    shared: k as unknown as Kysely<Pick<Database, SharedTable>>,
  };
  return Object.freeze(scope);
}

/**
 * The scope of the request's signed-in identity (any role: a teacher's rows are its
 * organisation's too). Without a session, or before an identity is chosen: 401.
 */
export function orgScope(request: FastifyRequest, db: Db): OrgScope {
  const { identity } = needIdentity(request);
  return scopeOver(db.kysely, db.dialect, identity.orgId, { id: identity.id, name: identity.name, role: identity.role });
}

/** The scope of a verified room token (see the header): the organisation the token was signed for. */
export function signedScope(claim: SignedOrg, db: Db, actor: Actor): OrgScope {
  return scopeOver(db.kysely, db.dialect, claim.orgId, actor);
}
