import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { student, teacher } from "../../../resources";
import * as foundation from "../../../server/db/migrations/0001-foundation";
import * as userSearch from "../../../server/db/migrations/0002-user-search";
import { listIdentities } from "../../../server/services/user-list";
import { scopeFor } from "../../../scripts/lib/scope-for";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { withMigrations } from "../../kernel/server/migration-helpers";
import { call, type Row } from "./users-helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const search = async (key: string, endpoint = student.api.search!) => {
  const { body } = await call(s.app, admin, endpoint, { key, count: 100 });
  expect(body.code).toBe(0);
  return (body.data as Row[]).map((r) => r.Name).sort();
};
const add = async (name: string, mobile: string, endpoint = student.api.create) => {
  const { body } = await call(s.app, admin, endpoint, { name, mobile, passwd: "abc123" });
  expect(body.code).toBe(0);
  return body.data as Row;
};

describe("fragment search", () => {
  beforeAll(async () => {
    await add("欧阳子涵", "15524680001");
    await add("𠮷田花子", "15524680002");
    await add("Tom Lee", "15524680003");
    await add("百分%学生_1", "15524680004");
    await add("学生138", "15524680005");
    await add("欧阳子涵", "15524680006", teacher.api.create);
  });

  it("finds a name by any piece of it, of any length", async () => {
    expect(await search("欧")).toEqual(["欧阳子涵"]);
    expect(await search("子")).toContain("欧阳子涵");
    expect(await search("阳子")).toEqual(["欧阳子涵"]);
    expect(await search("阳子涵")).toEqual(["欧阳子涵"]);
    expect(await search("欧阳子涵")).toEqual(["欧阳子涵"]);
    expect(await search("欧子")).toEqual([]);
    expect(await search("𠮷")).toEqual(["𠮷田花子"]);
    expect(await search("𠮷田")).toEqual(["𠮷田花子"]);
  });

  it("folds Latin case and takes % and _ literally", async () => {
    expect(await search("tom")).toEqual(["Tom Lee"]);
    expect(await search("M LEE")).toEqual(["Tom Lee"]);
    expect(await search("%")).toEqual(["百分%学生_1"]);
    expect(await search("_")).toEqual(["百分%学生_1"]);
    expect(await search("%学")).toEqual(["百分%学生_1"]);
  });

  it("matches mobiles from three digits, names from one", async () => {
    expect(await search("4680003")).toEqual(["Tom Lee"]);
    expect(await search("1552468")).toHaveLength(5);
    // Two digits would match nearly every number, so they look at names only.
    expect(await search("13")).toEqual(["学生138"]);
    expect(await search("138")).toEqual(["学生138", "赵同学"]);
  });

  it("stays within the role and the organisation, and trims the key", async () => {
    expect(await search("欧阳", teacher.api.search!)).toEqual(["欧阳子涵"]);
    const second = await signIn(s.app, "13900000000", "admin");
    expect((await call(s.app, second, student.api.search!, { key: "欧阳" })).body.count).toBe(0);
    expect((await call(s.app, admin, student.api.search!, { key: "  " })).body.count).toBe((await call(s.app, admin, student.api.list)).body.count);
    expect(await search("  欧阳 ")).toEqual(["欧阳子涵"]);
  });

  it("follows every change, whoever writes it", async () => {
    const row = await add("司马光", "15524680007");
    await call(s.app, admin, student.api.update!, { id: row.Id, name: "诸葛亮", mobile: "15524680008" });
    expect(await search("司马")).toEqual([]);
    expect(await search("葛亮")).toEqual(["诸葛亮"]);
    expect(await search("4680007")).toEqual([]);
    expect(await search("4680008")).toEqual(["诸葛亮"]);
    // A writer that knows nothing of the index: a later portal page, a script, a migration.
    await s.db.kysely.updateTable("identities").set({ name: "孔明" }).where("id", "=", row.Id).execute();
    await s.db.kysely.updateTable("persons").set({ mobile: "15524680009" }).where("mobile", "=", "15524680008").execute();
    expect(await search("诸葛")).toEqual([]);
    expect(await search("孔明")).toEqual(["孔明"]);
    expect(await search("4680009")).toEqual(["孔明"]);
    await call(s.app, admin, student.api.remove!, { id: row.Id });
    expect(await search("孔明")).toEqual([]);
    // A person deleted outright takes their identities and their index entries along.
    const other = await add("庞统", "15524680010");
    await s.db.kysely.deleteFrom("persons").where("mobile", "=", "15524680010").execute();
    expect(await search("庞统")).toEqual([]);
    expect((await call(s.app, admin, student.api.remove!, { id: other.Id })).body.msg).toBe("记录不存在");
  });
});

describe("migration 0002", () => {
  it("indexes the people that existed before it, and can be rolled back and reapplied", async () => {
    await withMigrations(async (db, only) => {
      expect((await only({ "0001-foundation": foundation }).migrateToLatest()).error).toBeUndefined();
      const now = Date.now();
      const org = await db.kysely.insertInto("organisations").values({ name: "旧校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow();
      const person = await db.kysely
        .insertInto("persons")
        .values({ mobile: "15612345678", password_hash: "x", nickname: "", headimg: "", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto("identities")
        .values({ person_id: person.id, org_id: org.id, role: "student", name: "早来的", nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now })
        .execute();
      // Up to 0002 only: a migrator that knows no later migration cannot roll back past one it has not seen.
      const full = only({ "0001-foundation": foundation, "0002-user-search": userSearch });
      expect((await full.migrateToLatest()).error).toBeUndefined();
      // Keys of three or more characters: the totals of shorter ones read the index's vocabulary, from migration 0005.
      const find = (key: string) => listIdentities(scopeFor(db, org.id), { role: "student", page: 1, count: 10, key });
      expect((await find("早来的")).rows.map((r) => r.name)).toEqual(["早来的"]);
      expect((await find("2345")).total).toBe(1);
      expect((await full.migrateDown()).error).toBeUndefined();
      expect((await full.migrateToLatest()).error).toBeUndefined();
      expect((await find("早来的")).total).toBe(1);
    });
  });
});
