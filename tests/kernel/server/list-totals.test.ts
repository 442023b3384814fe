import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { student, teacher } from "../../../resources";
import type { Db } from "../../../server/db/database";
import * as foundation from "../../../server/db/migrations/0001-foundation";
import * as userSearch from "../../../server/db/migrations/0002-user-search";
import * as listTotals from "../../../server/db/migrations/0005-list-totals";
import { listIdentities } from "../../../server/services/user-list";
import { scopeFor } from "../../../scripts/lib/scope-for";
import { signIn, startTestServer, type TestServer } from "./helpers";
import { withMigrations } from "./migration-helpers";
import { call, mobileSupply, type Row } from "../../users/server/users-helpers";

/** The kept counts and the counted rows, each as "org/role=n", zero counts left out. */
async function countsOf(db: Db) {
  const kept = await db.kysely.selectFrom("identity_counts").select(["org_id", "role", "n"]).where("n", "!=", 0).execute();
  const counted = await db.kysely
    .selectFrom("identities")
    .select((eb) => ["org_id", "role", eb.fn.countAll<number>().as("n")])
    .groupBy(["org_id", "role"])
    .execute();
  const text = (rows: { org_id: number; role: string; n: number | string | bigint }[]) => rows.map((r) => `${r.org_id}/${r.role}=${Number(r.n)}`).sort();
  return { kept: text(kept), counted: text(counted) };
}

async function expectCountsRight(db: Db) {
  const { kept, counted } = await countsOf(db);
  expect(kept).toEqual(counted);
}

describe("the kept count of a list", () => {
  let s: TestServer;
  let admin: string;
  let second: string;
  const mobile = mobileSupply("1660000");
  beforeAll(async () => {
    s = await startTestServer();
    admin = await signIn(s.app, "13800000000", "admin");
    second = await signIn(s.app, "13900000000", "admin");
  });
  afterAll(() => s.close());

  const total = async (cookie: string, endpoint = student.api.list) => {
    const { body } = await call(s.app, cookie, endpoint, { page: 1, count: 10 });
    expect(body.code).toBe(0);
    return Number(body.count);
  };
  const add = async (cookie: string, name: string, phone: string, endpoint = student.api.create) => {
    const { body } = await call(s.app, cookie, endpoint, { name, mobile: phone, passwd: "abc123" });
    expect(body.code, body.msg).toBe(0);
    return body.data as Row;
  };

  it("starts equal to the rows the seed wrote", async () => {
    await expectCountsRight(s.db);
    expect(await total(admin)).toBe(21);
    expect(await total(second)).toBe(40);
  });

  it("follows adds and removals in its own organisation and role only", async () => {
    const before = { students: await total(admin), teachers: await total(admin, teacher.api.list), other: await total(second) };
    const a = await add(admin, "计数甲", mobile());
    await add(admin, "计数乙", mobile());
    expect(await total(admin)).toBe(before.students + 2);
    await call(s.app, admin, student.api.remove!, { id: a.Id });
    expect(await total(admin)).toBe(before.students + 1);
    // A refused add (the mobile is already a student here) and a refused removal change nothing.
    expect((await call(s.app, admin, student.api.remove!, { id: a.Id })).body.code).not.toBe(0);
    expect(await total(admin)).toBe(before.students + 1);
    expect(await total(admin, teacher.api.list)).toBe(before.teachers);
    expect(await total(second)).toBe(before.other);
    await expectCountsRight(s.db);
  });

  it("counts a person who is already someone elsewhere once more, in the new list only", async () => {
    const teachers = await total(admin, teacher.api.list);
    const students = await total(admin);
    const others = await total(second);
    const phone = mobile();
    await add(admin, "两个身份", phone, teacher.api.create);
    await add(admin, "两个身份", phone);
    await add(second, "别校的", phone);
    const { body } = await call(s.app, admin, student.api.create, { name: "两个身份", mobile: phone, passwd: "abc123" });
    expect(body.code).not.toBe(0);
    expect(await total(admin, teacher.api.list)).toBe(teachers + 1);
    expect(await total(admin)).toBe(students + 1);
    expect(await total(second)).toBe(others + 1);
    await expectCountsRight(s.db);
  });

  it("equals count(*) after any mix of writes, whoever makes them", async () => {
    const k = s.db.kysely;
    const now = Date.now();
    const orgs = await k.selectFrom("organisations").select("id").orderBy("id").execute();
    const [first, other] = orgs.map((o) => o.id);
    // Several rows in one statement, as a bulk load writes them.
    const people = await k
      .insertInto("persons")
      .values(Array.from({ length: 5 }, (_, i) => ({ mobile: mobile(), password_hash: "x", nickname: `批${i}`, headimg: "", created_at: now, updated_at: now })))
      .returning("id")
      .execute();
    await k
      .insertInto("identities")
      .values(
        people.flatMap((p, i) => [
          { person_id: p.id, org_id: first, role: "student" as const, name: `批${i}`, nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now },
          { person_id: p.id, org_id: other, role: "teacher" as const, name: `批${i}`, nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now },
        ]),
      )
      .execute();
    await expectCountsRight(s.db);
    // A move to another role and to another organisation, and an edit that moves nothing.
    await k.updateTable("identities").set({ role: "assistant" }).where("person_id", "=", people[0].id).where("org_id", "=", first).execute();
    await k.updateTable("identities").set({ org_id: other }).where("person_id", "=", people[1].id).where("org_id", "=", first).execute();
    await k.updateTable("identities").set({ name: "改名" }).where("person_id", "in", people.map((p) => p.id)).execute();
    await expectCountsRight(s.db);
    // Several rows in one delete, and a person deleted outright, taking their identities along.
    await k.deleteFrom("identities").where("person_id", "in", [people[2].id, people[3].id]).execute();
    await k.deleteFrom("persons").where("id", "=", people[4].id).execute();
    await expectCountsRight(s.db);
    // A change rolled back leaves the counts as they were.
    await expect(
      k.transaction().execute(async (tx) => {
        await tx.deleteFrom("identities").where("org_id", "=", first).where("role", "=", "student").execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expectCountsRight(s.db);
    expect((await listIdentities(scopeFor(s.db, first), { role: "student", page: 1, count: 1 })).total).toBeGreaterThan(20);
  });

  it("leaves no count behind an organisation that is deleted", async () => {
    const now = Date.now();
    const k = s.db.kysely;
    const org = await k.insertInto("organisations").values({ name: "短命学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow();
    const person = await k.insertInto("persons").values({ mobile: mobile(), password_hash: "x", nickname: "", headimg: "", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
    await k.insertInto("identities").values({ person_id: person.id, org_id: org.id, role: "student", name: "短", nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now }).execute();
    expect((await listIdentities(scopeFor(s.db, org.id), { role: "student", page: 1, count: 10 })).total).toBe(1);
    await k.deleteFrom("organisations").where("id", "=", org.id).execute();
    expect(await k.selectFrom("identity_counts").select("n").where("org_id", "=", org.id).execute()).toEqual([]);
    expect((await listIdentities(scopeFor(s.db, org.id), { role: "student", page: 1, count: 10 })).total).toBe(0);
    await expectCountsRight(s.db);
  });
});

describe("migration 0005", () => {
  it("counts the people that existed before it, and can be rolled back and reapplied", async () => {
    await withMigrations(async (db, migrator) => {
      const before = { "0001-foundation": foundation, "0002-user-search": userSearch };
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const now = Date.now();
      const orgs = await db.kysely
        .insertInto("organisations")
        .values([{ name: "旧校", balance_milli: 0, created_at: now }, { name: "另一校", balance_milli: 0, created_at: now }])
        .returning("id")
        .execute();
      const people = await db.kysely
        .insertInto("persons")
        .values(Array.from({ length: 3 }, (_, i) => ({ mobile: `1561234567${i}`, password_hash: "x", nickname: "", headimg: "", created_at: now, updated_at: now })))
        .returning("id")
        .execute();
      const identity = (person: number, org: number, role: "student" | "teacher") =>
        ({ person_id: person, org_id: org, role, name: "早来的", nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now }) as const;
      await db.kysely
        .insertInto("identities")
        .values([...people.map((p) => identity(p.id, orgs[0].id, "student")), identity(people[0].id, orgs[0].id, "teacher"), identity(people[1].id, orgs[1].id, "student")])
        .execute();
      // Up to 0005 only: a migrator that knows no later migration cannot roll back past one it has not seen.
      const full = migrator({ ...before, "0005-list-totals": listTotals });
      expect((await full.migrateToLatest()).error).toBeUndefined();
      const total = async (org: number, role: "student" | "teacher") => (await listIdentities(scopeFor(db, org), { role, page: 1, count: 10 })).total;
      expect([await total(orgs[0].id, "student"), await total(orgs[0].id, "teacher"), await total(orgs[1].id, "student")]).toEqual([3, 1, 1]);
      // A one-character search's total, read off the search index (its vocabulary on SQLite).
      expect((await listIdentities(scopeFor(db, orgs[0].id), { role: "student", page: 1, count: 10, key: "来" })).total).toBe(3);
      expect((await full.migrateDown()).error).toBeUndefined();
      await db.kysely.deleteFrom("identities").where("person_id", "=", people[2].id).execute();
      expect((await full.migrateToLatest()).error).toBeUndefined();
      expect(await total(orgs[0].id, "student")).toBe(2);
      expect((await listIdentities(scopeFor(db, orgs[0].id), { role: "student", page: 1, count: 10, key: "来" })).total).toBe(2);
      await expectCountsRight(db);
      // The recount a bulk load runs after setting the insert trigger aside puts right whatever it finds.
      await db.kysely.updateTable("identity_counts").set({ n: 99 }).execute();
      for (const statement of listTotals.recountIdentities) await sql.raw(statement).execute(db.kysely);
      await expectCountsRight(db);
    });
  });
});
