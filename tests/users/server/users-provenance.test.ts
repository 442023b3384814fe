import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { student, teacher } from "../../../resources";
import { authApi } from "../../../resources/auth/auth";
import * as foundation from "../../../server/db/migrations/0001-foundation";
import * as provenance from "../../../server/db/migrations/0007-person-provenance";
import { outboxAdapter } from "../../../server/adapters/sms";
import { issueSmsCode } from "../../../server/services/codes";
import { hashPassword } from "../../../server/services/passwords";
import { lastOf, signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { withMigrations } from "../../kernel/server/migration-helpers";
import { call, mobileSupply, type Row } from "./users-helpers";

/**
 * Issue 8, finding 5: a person's sign-in mobile is theirs everywhere, so an organisation moves it
 * only for someone it created itself who has never signed in; and a moved mobile ends the
 * person's sessions.
 */
let s: TestServer;
let admin: string;
let second: string;
beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
  second = await signIn(s.app, "13900000000", "admin");
});
afterAll(() => s.close());

const api = (cookie: string, endpoint: Parameters<typeof call>[2], params?: Record<string, unknown>) => call(s.app, cookie, endpoint, params);
const freshMobile = mobileSupply("1992000");
const notTheirs = { code: 1, msg: "该用户已登录过或账号不是本机构创建的，手机号只能由用户本人修改", data: { field: "mobile" } };
const signedIn = async (cookie: string) => (await s.app.inject({ url: authApi.tryLogin.path, headers: { cookie } })).json().code === 0;

/** A person who registered themself, stored as registration stores one. */
async function registered(mobile: string, password: string) {
  const now = Date.now();
  const hash = await hashPassword(password, 64);
  await s.db.kysely.insertInto("persons").values({ mobile, password_hash: hash, nickname: "", headimg: "", created_at: now, updated_at: now }).execute();
}

describe("an organisation that attached a registered person", () => {
  it("cannot move the person's mobile, so it cannot take over the account by SMS", async () => {
    const mobile = freshMobile();
    await registered(mobile, "mine1234");
    const added = await api(second, student.api.create, { name: "自己注册的", mobile, passwd: "theirs123" });
    expect(added.body.code).toBe(0);
    const row = added.body.data as Row;
    const attacker = freshMobile();
    expect((await api(second, student.api.update!, { id: row.Id, name: "自己注册的", mobile: attacker })).body).toMatchObject(notTheirs);
    // The record, the person and their password are as they were; the name still changes.
    expect((await api(second, student.api.update!, { id: row.Id, name: "改名", mobile })).body).toMatchObject({ code: 0, data: { Name: "改名", Mobile: mobile } });
    await signIn(s.app, mobile, "student", "mine1234");
    expect(await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", attacker).executeTakeFirst()).toBeUndefined();
  });

  it("cannot move the mobile of a person another organisation created, even once that organisation let go", async () => {
    const mobile = freshMobile();
    const ours = (await api(admin, student.api.create, { name: "本校学生", mobile, passwd: "abc123" })).body.data as Row;
    const theirs = (await api(second, student.api.create, { name: "本校学生", mobile, passwd: "abc123" })).body.data as Row;
    expect((await api(second, student.api.update!, { id: theirs.Id, name: "本校学生", mobile: freshMobile() })).body).toMatchObject(notTheirs);
    // Nor may the creator while the other organisation knows the person by that number.
    expect((await api(admin, student.api.update!, { id: ours.Id, name: "本校学生", mobile: freshMobile() })).body.msg).toBe("该用户还有其他身份在使用原手机号，不能修改手机号");
    expect((await api(admin, student.api.remove!, { id: ours.Id })).body.code).toBe(0);
    expect((await api(second, student.api.update!, { id: theirs.Id, name: "本校学生", mobile: freshMobile() })).body).toMatchObject(notTheirs);
  });
});

describe("an organisation's own people", () => {
  it("moves the mobile of someone it created who never signed in, and not once they have", async () => {
    const row = (await api(admin, teacher.api.create, { name: "新老师", mobile: freshMobile(), passwd: "abc123" })).body.data as Row;
    const moved = freshMobile();
    expect((await api(admin, teacher.api.update!, { id: row.Id, name: "新老师", mobile: moved })).body).toMatchObject({ code: 0, data: { Mobile: moved } });
    await signIn(s.app, moved, "teacher", "abc123");
    expect((await api(admin, teacher.api.update!, { id: row.Id, name: "新老师", mobile: freshMobile() })).body).toMatchObject(notTheirs);
  });

  it("counts a sign-in by SMS code as a sign-in", async () => {
    const mobile = freshMobile();
    const row = (await api(admin, student.api.create, { name: "短信登录", mobile, passwd: "abc123" })).body.data as Row;
    // The code the quick-login call would send (its captcha gate is not what this test is about).
    await issueSmsCode(s.db, outboxAdapter(s.dataDir), mobile, "login");
    const code = lastOf(s.outbox(), "sms", mobile)!.code;
    const login = await s.app.inject({ method: authApi.smsLogin.method, url: authApi.smsLogin.path, payload: { area_code: "86", mobile, auth_code: code } });
    expect(login.json().code).toBe(0);
    expect((await api(admin, student.api.update!, { id: row.Id, name: "短信登录", mobile: freshMobile() })).body).toMatchObject(notTheirs);
  });

  it("leaves the demo's bulk people movable and its own accounts not", async () => {
    const bulk = ((await api(admin, student.api.search!, { key: "13730000002" })).body.data as Row[])[0];
    const moved = freshMobile();
    expect((await api(admin, student.api.update!, { id: bulk.Id, name: bulk.Name, mobile: moved })).body).toMatchObject({ code: 0, data: { Mobile: moved } });
    const demo = ((await api(admin, student.api.search!, { key: "13800000003" })).body.data as Row[])[0];
    expect((await api(admin, student.api.update!, { id: demo.Id, name: demo.Name, mobile: freshMobile() })).body).toMatchObject(notTheirs);
  });

  it("ends the person's sessions when it moves the mobile", async () => {
    const mobile = freshMobile();
    const row = (await api(admin, student.api.create, { name: "会话", mobile, passwd: "abc123" })).body.data as Row;
    // A sign-in racing the change: its session exists, its mark has not landed yet.
    const cookie = await signIn(s.app, mobile, "student", "abc123");
    await s.db.kysely.updateTable("persons").set({ first_sign_in_at: null }).where("mobile", "=", mobile).execute();
    expect(await signedIn(cookie)).toBe(true);
    expect((await api(admin, student.api.update!, { id: row.Id, name: "会话", mobile: freshMobile() })).body.code).toBe(0);
    expect(await signedIn(cookie)).toBe(false);
    // A change that leaves the mobile alone leaves the sessions alone.
    expect(await signedIn(admin)).toBe(true);
  });
});

describe("migration 0007", () => {
  it("marks people with a session as signed in, credits no organisation, and rolls back", async () => {
    await withMigrations(async (db, migrator) => {
      const before = { "0001-foundation": foundation };
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const now = Date.now();
      const people = await db.kysely
        .insertInto("persons")
        .values(["15600000001", "15600000002"].map((mobile) => ({ mobile, password_hash: "x", nickname: "", headimg: "", created_at: now, updated_at: now })))
        .returning("id")
        .execute();
      for (const at of [now - 5000, now - 1000])
        await db.kysely.insertInto("sessions").values({ id: `s${at}`, person_id: people[0].id, identity_id: null, created_at: at, expires_at: now + 1000, last_seen_at: at }).execute();
      const full = migrator({ ...before, "0007-person-provenance": provenance });
      expect((await full.migrateToLatest()).error).toBeUndefined();
      const rows = await db.kysely.selectFrom("persons").select(["id", "created_by_org", "first_sign_in_at"]).orderBy("id").execute();
      expect(rows.map((r) => [r.created_by_org, r.first_sign_in_at])).toEqual([[null, now - 5000], [null, null]]);
      expect((await full.migrateDown()).error).toBeUndefined();
      expect((await full.migrateToLatest()).error).toBeUndefined();
    });
  });
});
