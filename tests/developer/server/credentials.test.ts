import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { developerApi, maskedKey } from "../../../resources/developer/developer";
import { savePermissions } from "../../../resources/kernel/menu";
import { lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { openKey, sealKey, sealingKey } from "../../../server/services/developer/credentials";
import { tokenSecret } from "../../../server/services/tool-tokens";

/**
 * Developer credentials (3 §2.7, §7.7; issue 19 item 9): the pair made on the first ask, the key
 * seen only with a code of one's own phone, the App Id reset only with a code of the main admin's
 * phone, the old key gone at once, codes single use with five tries, each organisation's own pair,
 * the menu key, the per-person limit and the audit log. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
/** The main admin of 示例学校 (13800000000). */
let admin: string;
/** A sub-admin of 示例学校 granted appidop here (13800000009). */
let sub: string;
/** A sub-admin of 示例学校 with only the user-management keys (13800000004). */
let userOnly: string;
/** The main admin of 第二学校 (13900000000). */
let other: string;
let school: number;

type Answer = { status: number; code: number; msg: string; data: Record<string, string> | null };
const call = async (endpoint: { method: string; path: string }, cookie: string, payload?: object): Promise<Answer> => {
  const res = await s.app.inject({ method: endpoint.method as "GET" | "POST", url: endpoint.path, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...(res.json() as Omit<Answer, "status">) };
};
/** The last code the outbox holds for the mobile, for that purpose. */
const codeOf = (mobile: string, purpose: string) => [...s.outbox()].reverse().find((e) => e.kind === "sms" && e.mobile === mobile && e.purpose === purpose)?.code;
/** Lets the 60 s resend wait of the mobile's codes pass. */
const waitPasses = (mobile: string) =>
  s.db.kysely.updateTable("sms_codes").set((eb) => ({ created_at: eb("created_at", "-", 61_000) })).where("mobile", "=", mobile).execute();
const stored = () => s.db.kysely.selectFrom("developer_credentials").selectAll().where("org_id", "=", school).executeTakeFirst();

/** Views the key as `cookie`, whose phone is `mobile`, with a fresh code. */
async function viewKey(cookie: string, mobile: string): Promise<string> {
  await waitPasses(mobile);
  expect(await call(developerApi.keyCode, cookie)).toMatchObject({ code: 0, msg: "验证码已发送" });
  const seen = await call(developerApi.viewKey, cookie, { authcode: codeOf(mobile, "appid") });
  expect(seen.code, seen.msg).toBe(0);
  return seen.data!.key;
}

beforeAll(async () => {
  s = await startTestServer();
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
  const subPerson = (await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000009").executeTakeFirstOrThrow()).id;
  await s.db.kysely
    .updateTable("identities")
    .set({ userop: JSON.stringify(savePermissions(["teacherop", "appidop"])) })
    .where("person_id", "=", subPerson)
    .where("org_id", "=", school)
    .execute();
  [admin, sub, userOnly, other] = await Promise.all([
    signIn(s.app, "13800000000", "admin"),
    signIn(s.app, "13800000009", "admin"),
    signIn(s.app, "13800000004", "admin"),
    signIn(s.app, "13900000000", "admin"),
  ]);
});
afterAll(() => s.close());

describe("the App Id and its key", () => {
  it("are made on the first ask, once, and the key is answered masked and stored sealed", async () => {
    expect(await stored()).toBeUndefined();
    const [a, b] = await Promise.all([call(developerApi.appId, admin), call(developerApi.appId, sub)]);
    expect(a.code).toBe(0);
    expect(a.data).toEqual({ guid: expect.stringMatching(/^[0-9a-f]{32}$/), key: maskedKey });
    expect(b.data!.guid).toBe(a.data!.guid);
    const row = (await stored())!;
    expect(row.app_id).toBe(a.data!.guid);
    const key = await viewKey(admin, "13800000000");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.key_sealed).not.toContain(key);
    // The seal is bound to its organisation and App Id: moved to another row, it does not open.
    const sealing = sealingKey(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }));
    expect(openKey(sealing, school, row.app_id, row.key_sealed)).toBe(key);
    expect(openKey(sealing, school + 1, row.app_id, row.key_sealed)).toBeNull();
    expect(openKey(sealing, school, row.app_id, sealKey(sealingKey(Buffer.from("another server's secret, 32+ chars")), school, row.app_id, key))).toBeNull();
  });

  it("shows the phones the codes go to, masked: one's own, and the main admin's", async () => {
    expect((await call(developerApi.ownMobile, sub)).data).toEqual({ mobile: "138****0009" });
    expect((await call(developerApi.mainAdminMobile, sub)).data).toEqual({ mobile: "138****0000" });
    expect((await call(developerApi.mainAdminMobile, other)).data).toEqual({ mobile: "139****0000" });
  });
});

describe("viewing the key", () => {
  it("needs the code sent to one's own phone: refused without one, wrong, or spent", async () => {
    expect(await call(developerApi.viewKey, sub, {})).toMatchObject({ code: 400, msg: "请输入验证码" });
    expect(await call(developerApi.viewKey, sub, { authcode: "" })).toMatchObject({ code: 400, msg: "请输入验证码" });
    await waitPasses("13800000009");
    await call(developerApi.keyCode, sub);
    const code = codeOf("13800000009", "appid")!;
    expect(lastOf(s.outbox(), "sms", "13800000000")?.code).not.toBe(code);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await call(developerApi.viewKey, sub, { authcode: wrong })).toMatchObject({ code: 1, msg: "验证码错误" });
    // The main admin's own code is no code of the sub-admin's.
    await waitPasses("13800000000");
    await call(developerApi.keyCode, admin);
    expect(await call(developerApi.viewKey, sub, { authcode: codeOf("13800000000", "appid") })).toMatchObject({ code: 1, msg: "验证码错误" });
    const seen = await call(developerApi.viewKey, sub, { authcode: code });
    expect(seen.code).toBe(0);
    expect(seen.data!.key).toBe(await viewKey(admin, "13800000000"));
    expect(await call(developerApi.viewKey, sub, { authcode: code })).toMatchObject({ code: 1, msg: "验证码已失效，请重新获取" });
  });

  it("gives a code five tries: the right code after five wrong ones is refused", async () => {
    await waitPasses("13800000009");
    await call(developerApi.keyCode, sub);
    const code = codeOf("13800000009", "appid")!;
    const wrong = code === "000000" ? "111111" : "000000";
    const tries = await Promise.all(Array.from({ length: 8 }, () => call(developerApi.viewKey, sub, { authcode: wrong })));
    expect(tries.filter((t) => t.msg === "验证码错误")).toHaveLength(5);
    expect(await call(developerApi.viewKey, sub, { authcode: code })).toMatchObject({ code: 1, msg: "验证码错误次数过多，请重新获取" });
  });

  it("is logged, by whom and which App Id, never the key", async () => {
    const key = await viewKey(admin, "13800000000");
    const logged = await s.db.kysely.selectFrom("audit_log").selectAll().where("org_id", "=", school).where("resource", "=", "developer").where("action", "=", "view").execute();
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(logged.map((r) => r.actor_name)).toEqual(expect.arrayContaining(["吴双"]));
    expect(JSON.parse(logged.at(-1)!.diff)).toEqual({ before: {}, after: { AppId: (await stored())!.app_id } });
    expect(logged.every((r) => !r.diff.includes(key))).toBe(true);
  });
});

describe("resetting the App Id", () => {
  it("needs the code sent to the main admin's phone, even when a sub-admin asks", async () => {
    const before = (await stored())!;
    const oldKey = await viewKey(admin, "13800000000");
    await waitPasses("13800000000");
    await waitPasses("13800000009");
    expect(await call(developerApi.resetCode, sub)).toMatchObject({ code: 0, msg: "验证码已发送" });
    expect(codeOf("13800000009", "appidnew")).toBeUndefined();
    const code = codeOf("13800000000", "appidnew")!;
    expect(code).toMatch(/^\d{6}$/);
    // A code for viewing the key, even the main admin's own, resets nothing.
    await call(developerApi.keyCode, admin);
    expect(await call(developerApi.reset, sub, { authcode: codeOf("13800000000", "appid") })).toMatchObject({ code: 1, msg: "验证码错误" });
    expect(await call(developerApi.reset, sub, {})).toMatchObject({ code: 400, msg: "请输入验证码" });

    const reset = await call(developerApi.reset, sub, { authcode: code });
    expect(reset).toMatchObject({ code: 0, msg: "AppId重置成功", data: { guid: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(reset.data!.guid).not.toBe(before.app_id);
    expect((await call(developerApi.appId, admin)).data!.guid).toBe(reset.data!.guid);
    // The old key is gone at once: the key now seen is another, and the stored seal opens only to it.
    const newKey = await viewKey(admin, "13800000000");
    expect(newKey).not.toBe(oldKey);
    const after = (await stored())!;
    expect(after.generation).toBe(before.generation + 1);
    const sealing = sealingKey(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }));
    expect(openKey(sealing, school, after.app_id, after.key_sealed)).toBe(newKey);
    // Spent.
    expect(await call(developerApi.reset, sub, { authcode: code })).toMatchObject({ code: 1, msg: "验证码已失效，请重新获取" });
    const logged = await s.db.kysely.selectFrom("audit_log").select(["diff", "actor_name"]).where("org_id", "=", school).where("resource", "=", "developer").where("action", "=", "update").execute();
    expect(logged.map((r) => [r.actor_name, JSON.parse(r.diff)])).toEqual([["吴双", { before: { AppId: before.app_id }, after: { AppId: after.app_id } }]]);
    expect(logged.every((r) => !r.diff.includes(oldKey) && !r.diff.includes(newKey))).toBe(true);
  });
});

describe("who may", () => {
  it("refuses a sub-admin without appidop, before sending anything", async () => {
    const sent = s.outbox().length;
    for (const endpoint of Object.values(developerApi)) expect((await call(endpoint, userOnly, endpoint.method === "POST" ? { authcode: "123456" } : undefined)).status).toBe(403);
    expect(s.outbox().length).toBe(sent);
  });

  it("keeps each organisation to its own pair and its own main admin's phone", async () => {
    const mine = (await call(developerApi.appId, admin)).data!.guid;
    const theirs = (await call(developerApi.appId, other)).data!.guid;
    expect(theirs).not.toBe(mine);
    const theirKey = await viewKey(other, "13900000000");
    expect(theirKey).not.toBe(await viewKey(admin, "13800000000"));
    // 第二学校's reset code goes to its own main admin, and resets only its own App Id.
    await waitPasses("13900000000");
    await call(developerApi.resetCode, other);
    expect(await call(developerApi.reset, admin, { authcode: codeOf("13900000000", "appidnew") })).toMatchObject({ code: 1 });
    const reset = await call(developerApi.reset, other, { authcode: codeOf("13900000000", "appidnew") });
    expect(reset.code).toBe(0);
    expect((await call(developerApi.appId, admin)).data!.guid).toBe(mine);
    expect((await call(developerApi.appId, other)).data!.guid).toBe(reset.data!.guid);
  });

  it("limits the codes a person asks for to ten an hour", async () => {
    // The sub-admin has asked for a few already; the resend wait refuses the next ones in its own words, the limit the eleventh.
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++) answers.push(await call(developerApi.keyCode, sub));
    const limited = answers.findIndex((a) => a.msg === "请求过于频繁，请稍后再试");
    expect(limited).toBeGreaterThan(0);
    expect(answers[limited]).toMatchObject({ status: 429, code: 429 });
    expect(answers.slice(0, limited).every((a) => a.code === 0 || a.msg.startsWith("验证码发送过于频繁"))).toBe(true);
    expect(answers.slice(limited).every((a) => a.status === 429 && a.msg === "请求过于频繁，请稍后再试")).toBe(true);
  });
});
