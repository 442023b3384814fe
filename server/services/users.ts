import { sql } from "kysely";
import type { Role } from "../db/schema";
import { recordAudit } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { ApiError, fail } from "../plugins/envelope";
import type { ListedIdentity } from "./user-list";
import { hashPassword } from "./passwords";

/** The roles the user-management screens add, change and remove (the main admin is not one). */
export type ManagedRole = Exclude<Role, "admin">;

/**
 * One organisation's people of one role: every read and write below is held inside it by the
 * organisation-scoped accessor. `persons` is the one table reached across organisations, through
 * `scope.shared`: a mobile is one person everywhere, whichever organisation added them.
 */
export interface Scope {
  org: OrgScope;
  role: ManagedRole;
  /** The resource whose writes these are, as the audit log names it (`teacher`, `subadmin`…). */
  resource: string;
}

export interface NewIdentity {
  name: string;
  mobile: string;
  passwd: string;
  nick: string;
  userop: string;
  useropex: string;
}

export interface IdentityChange {
  id: number;
  name: string;
  mobile: string;
  userop?: string;
  useropex?: string;
}

/** A main admin and a sub-admin are the same kind of identity: one person is not both in one organisation. */
const sameKind = (role: ManagedRole): Role[] => (role === "subadmin" ? ["admin", "subadmin"] : [role]);

const refuseMobile = (msg: string) => new ApiError(1, msg, 200, { field: "mobile" });
const mobileExists = () => refuseMobile("该手机号已存在");

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

async function holdsKind(org: OrgScope, scope: Scope, personId: number): Promise<boolean> {
  const row = await org
    .selectFrom("identities")
    .select("id")
    .where("person_id", "=", personId)
    .where("role", "in", sameKind(scope.role))
    .executeTakeFirst();
  return !!row;
}

/** Whether the mobile is a person's already, in any organisation: an add would keep that person's password. */
export async function isRegistered(org: OrgScope, mobile: string): Promise<boolean> {
  return !!(await org.shared.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst());
}

/**
 * Adds a person to the organisation in a role. A mobile that already belongs to a person gets
 * a new identity on that person, whose password and nickname stay as they are: someone
 * already signing in elsewhere keeps signing in the same way. Otherwise the person is created
 * with the form's default password. Answers the identity and whether the person was there
 * already (the form's password unused), which the caller tells the admin.
 */
export async function addIdentity(scope: Scope, input: NewIdentity, passwordMemoryKiB: number): Promise<{ id: number; passwordKept: boolean }> {
  const known = await scope.org.shared.selectFrom("persons").select("id").where("mobile", "=", input.mobile).executeTakeFirst();
  if (known && (await holdsKind(scope.org, scope, known.id))) throw mobileExists();
  // Hashing is slow on purpose; it happens outside the transaction and only for a new person.
  const passwordHash = known ? null : await hashPassword(input.passwd, passwordMemoryKiB);
  const now = Date.now();
  return scope.org.transaction(async (tx) => {
    let personId = known?.id;
    let passwordKept = known !== undefined;
    if (personId === undefined) {
      // Someone may have added the same mobile meanwhile; then that person is the one, with their password.
      const created = await tx.shared
        .insertInto("persons")
        .values({ mobile: input.mobile, password_hash: passwordHash!, nickname: input.nick || input.name, headimg: "", created_by_org: tx.orgId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("mobile").doNothing())
        .returning("id")
        .executeTakeFirst();
      passwordKept = !created;
      personId = created?.id ?? (await tx.shared.selectFrom("persons").select("id").where("mobile", "=", input.mobile).executeTakeFirstOrThrow()).id;
    }
    if (await holdsKind(tx, scope, personId)) throw mobileExists();
    const added = await tx
      .insertInto("identities", {
        person_id: personId,
        role: scope.role,
        name: input.name,
        nick: input.nick,
        userop: input.userop,
        useropex: input.useropex,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["org_id", "role", "person_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!added) throw mobileExists();
    await recordAudit(tx, { resource: scope.resource, recordId: added.id, action: "create", after: audited(scope, (await readIdentity(tx, scope.role, added.id))!) });
    return { id: added.id, passwordKept };
  });
}

/** A record as the audit log compares it: the list's wire fields that a form changes. */
const audited = (scope: Scope, r: ListedIdentity) => ({
  Id: r.id,
  Name: r.name,
  Mobile: r.mobile,
  Nick: r.nick,
  UserOp: r.userop,
  ...(scope.role === "subadmin" ? { UserOpEx: r.useropex } : {}),
});

/** One record as the lists show it, read through `org` (the write's transaction, when there is one). */
async function readIdentity(org: OrgScope, role: ManagedRole, id: number): Promise<ListedIdentity | undefined> {
  return org
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "i.nick", "p.mobile", "i.userop", "i.useropex", "i.updated_at"])
    .where("i.id", "=", id)
    .where("i.role", "=", role)
    .executeTakeFirst();
}

/**
 * Moves a person's sign-in mobile, in the one case an organisation may: the mobile is the person's
 * only identity everywhere, and whoever holds the new number can reset the password by SMS and
 * sign in as them. So it moves only for a person this organisation created (not one who
 * registered, nor one another organisation created) who has never signed in, and who is nobody
 * else anywhere (another role, another organisation). It is never taken from another person
 * (people are not merged). The conditions sit in the update itself, so a first sign-in that
 * lands meanwhile wins.
 */
async function moveMobile(tx: OrgScope, row: { id: number; person_id: number }, mobile: string, now: number) {
  let moved;
  try {
    moved = await tx.shared
      .updateTable("persons")
      .set({ mobile, updated_at: now })
      .where("id", "=", row.person_id)
      .where("created_by_org", "=", tx.orgId)
      .where("first_sign_in_at", "is", null)
      .executeTakeFirst();
  } catch (err) {
    if (isUniqueViolation(err)) throw refuseMobile("该手机号已被其他用户使用");
    throw err;
  }
  if (Number(moved.numUpdatedRows) === 0) throw refuseMobile("该用户已登录过或账号不是本机构创建的，手机号只能由用户本人修改");
  // Across organisations on purpose (and the one such read of identities): whether the person is
  // anyone else anywhere, asked as a yes or no; no other organisation's row is read.
  const others = await sql<{ one: number }>`select 1 as one from identities where person_id = ${row.person_id} and id <> ${row.id} limit 1`.execute(tx.shared);
  if (others.rows.length) throw refuseMobile("该用户还有其他身份在使用原手机号，不能修改手机号");
}

/**
 * Changes a record's name, permissions and mobile (see moveMobile). A moved mobile ends the
 * person's sessions, as a changed password does, in the same transaction as the move.
 */
export async function changeIdentity(scope: Scope, change: IdentityChange): Promise<void> {
  await scope.org.transaction(async (tx) => {
    const row = await tx
      .selectFrom("identities as i")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select(["i.id", "i.person_id", "p.mobile"])
      .where("i.id", "=", change.id)
      .where("i.role", "=", scope.role)
      .executeTakeFirst();
    if (!row) throw fail.notFound();
    const before = (await readIdentity(tx, scope.role, row.id))!;
    const now = Date.now();
    const moving = row.mobile !== change.mobile;
    if (moving) {
      await moveMobile(tx, row, change.mobile, now);
      await tx.shared.deleteFrom("sessions").where("person_id", "=", row.person_id).execute();
    }
    await tx
      .updateTable("identities", {
        name: change.name,
        updated_at: now,
        ...(change.userop !== undefined ? { userop: change.userop } : {}),
        ...(change.useropex !== undefined ? { useropex: change.useropex } : {}),
      })
      .where("id", "=", row.id)
      .execute();
    const after = (await readIdentity(tx, scope.role, row.id))!;
    await recordAudit(tx, { resource: scope.resource, recordId: row.id, action: "update", before: audited(scope, before), after: audited(scope, after) });
  });
}

/** Removes the record, not the person: they keep signing in and keep their other identities. */
export async function removeIdentity(scope: Scope, id: number): Promise<void> {
  await scope.org.transaction(async (tx) => {
    const before = await readIdentity(tx, scope.role, id);
    const removed = await tx.deleteFrom("identities").where("id", "=", id).where("role", "=", scope.role).executeTakeFirst();
    if (!before || Number(removed.numDeletedRows) === 0) throw fail.notFound();
    await recordAudit(tx, { resource: scope.resource, recordId: id, action: "remove", before: audited(scope, before) });
  });
}

/** One record as the lists show it. */
export async function findIdentity(scope: Scope, id: number): Promise<ListedIdentity> {
  const row = await readIdentity(scope.org, scope.role, id);
  if (!row) throw fail.notFound();
  return row;
}
