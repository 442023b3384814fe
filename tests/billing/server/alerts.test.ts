import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertApi, alertMessages, MAX_RECIPIENTS } from "../../../resources/billing/alerts";
import { lowBalanceJob, moveBalance, reconcile } from "../../../server/engine/ledger";
import { lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * The low-balance warning (issue 19 item 2, 3 §2.3, §5, §7.2): the threshold (sent as typed, bounded
 * by the server), the recipients (added with their mobile's code, behind its graphic captcha), and
 * one SMS to each recipient per fall across the threshold. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
let admin: string;
let other: string;
let narrow: string;
let school: number;

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  other = await signIn(s.app, "13900000000", "admin");
  narrow = await signIn(s.app, "13800000004", "admin");
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

type Envelope = { code: number; msg: string; data: Record<string, unknown> & unknown[] };
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, cookie = admin) =>
  s.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie } }).then((r) => ({ status: r.statusCode, ...(r.json() as Envelope) }));
const captchaFor = async (mobile: string) => {
  await s.app.inject({ url: `/cms/captcha?mobile=${mobile}&ts=${Date.now()}` });
  return lastOf(s.outbox(), "captcha", mobile)!.answer!;
};
const codeFor = async (mobile: string, cookie = admin) => {
  const asked = await call("POST", alertApi.recipientCode.path, { area_code: "86", mobile, authcode: await captchaFor(mobile) }, cookie);
  return { asked, code: asked.code === 0 ? lastOf(s.outbox(), "sms", mobile)!.code! : "" };
};
const recipients = async (cookie = admin) => (await call("GET", `${alertApi.recipients.path}?page=1&count=100`, undefined, cookie)).data as unknown as { id: number; name: string; mobile: string }[];
const lowTexts = (mobile: string) => s.outbox().filter((e) => e.kind === "sms" && e.mobile === mobile && e.purpose === "lowBalance");
const balance = async () => Number((await s.db.kysely.selectFrom("organisations").select("balance_milli").where("id", "=", school).executeTakeFirstOrThrow()).balance_milli);

describe("the warning threshold", () => {
  it("reads the organisation's, and saves any amount of yuan with two decimals up to 100 million", async () => {
    expect((await call("GET", alertApi.threshold.path)).data).toEqual({ config: "1000" });
    expect(await call("PATCH", alertApi.setThreshold.path, { config: "2500.5" })).toMatchObject({ code: 0, msg: alertMessages.thresholdSaved });
    expect((await call("GET", alertApi.threshold.path)).data).toEqual({ config: "2500.5" });
    // Another organisation's threshold is its own.
    expect((await call("GET", alertApi.threshold.path, undefined, other)).data).toEqual({ config: "1000" });
  });

  it("refuses what is not such an amount with one message, and keeps the last one", async () => {
    for (const config of ["abc", "-1", "1e308", "100000000.01", "1.234", "", " 12", "1".repeat(33)]) {
      const refused = await call("PATCH", alertApi.setThreshold.path, { config });
      expect(refused.code, config).not.toBe(0);
      expect(refused.status, config).toBeLessThan(500);
      expect(refused.msg, config).toMatch(/预警金额/);
    }
    expect((await call("GET", alertApi.threshold.path)).data).toEqual({ config: "2500.5" });
    expect((await call("PATCH", alertApi.setThreshold.path, {})).msg).toBe("请输入预警金额");
    // A number is read as its text, as every setting of the spec is.
    expect((await call("PATCH", alertApi.setThreshold.path, { config: 12 })).code).toBe(0);
    expect((await call("GET", alertApi.threshold.path)).data).toEqual({ config: "12" });
  });

  it("is the account overview's: a sub-admin without it is refused", async () => {
    expect((await call("GET", alertApi.threshold.path, undefined, narrow)).code).toBe(403);
    expect((await call("PATCH", alertApi.setThreshold.path, { config: "1" }, narrow)).code).toBe(403);
    expect((await call("GET", alertApi.recipients.path, undefined, narrow)).code).toBe(403);
  });
});

describe("the SMS-notify recipients", () => {
  it("sends a code only behind the mobile's graphic captcha, with its messages", async () => {
    expect((await call("POST", alertApi.recipientCode.path, { mobile: "13700000001" })).msg).toBe("请输入图形验证码");
    expect((await call("POST", alertApi.recipientCode.path, { authcode: "abcd" })).msg).toBe("请输入手机号");
    await captchaFor("13700000001");
    expect((await call("POST", alertApi.recipientCode.path, { mobile: "13700000001", authcode: "wrong" })).code).toBe(904);
    expect(lastOf(s.outbox(), "sms", "13700000001")).toBeUndefined();
  });

  it("adds a recipient with the code their mobile was sent, once, and deletes them", async () => {
    const { asked, code } = await codeFor("13700000001");
    expect(asked).toMatchObject({ code: 0, msg: alertMessages.codeSent });
    const wrong = await call("POST", alertApi.addRecipient.path, { name: "财务", mobile: "13700000001", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.msg).toBe("验证码错误");
    expect(await call("POST", alertApi.addRecipient.path, { name: "财务", mobile: "13700000001", code })).toMatchObject({ code: 0 });
    // The code was spent; the mobile is taken.
    expect((await call("POST", alertApi.addRecipient.path, { name: "财务", mobile: "13700000001", code })).code).not.toBe(0);
    expect((await codeFor("13700000001")).asked.msg).toBe(alertMessages.mobileTaken);
    const listed = await recipients();
    expect(listed).toEqual([expect.objectContaining({ name: "财务", mobile: "13700000001" })]);
    // Another organisation neither sees nor removes them.
    expect(await recipients(other)).toEqual([]);
    await call("DELETE", `${alertApi.removeRecipient.path}?id=${listed[0].id}`, undefined, other);
    expect(await recipients()).toHaveLength(1);
    expect(await call("DELETE", `${alertApi.removeRecipient.path}?id=${listed[0].id}`)).toMatchObject({ code: 0 });
    expect(await recipients()).toEqual([]);
  });

  it("refuses a missing name or code with their messages", async () => {
    expect((await call("POST", alertApi.addRecipient.path, { mobile: "13700000002", code: "123456" })).msg).toBe("请输入姓名");
    expect((await call("POST", alertApi.addRecipient.path, { name: "甲", mobile: "13700000002" })).msg).toBe("请输入验证码");
    expect((await call("POST", alertApi.addRecipient.path, { name: "甲", code: "123456" })).msg).toBe("请输入手机号");
  });

  it(`keeps at most ${MAX_RECIPIENTS}`, async () => {
    const now = Date.now();
    await s.db.kysely
      .insertInto("notify_persons")
      .values(Array.from({ length: MAX_RECIPIENTS }, (_, i) => ({ org_id: school, name: `通知${i}`, mobile: `1360000${String(i).padStart(4, "0")}`, created_at: now, updated_at: now })))
      .execute();
    const { code } = await codeFor("13700000003");
    expect((await call("POST", alertApi.addRecipient.path, { name: "多余", mobile: "13700000003", code })).msg).toBe(alertMessages.tooManyRecipients);
    await s.db.kysely.deleteFrom("notify_persons").where("org_id", "=", school).execute();
  });
});

describe("a fall across the threshold", () => {
  it("texts each recipient once per crossing, not while the balance stays low", async () => {
    for (const mobile of ["13700000011", "13700000012"]) {
      const { code } = await codeFor(mobile);
      expect((await call("POST", alertApi.addRecipient.path, { name: `收件${mobile.slice(-1)}`, mobile, code })).code).toBe(0);
    }
    await call("PATCH", alertApi.setThreshold.path, { config: "1000" });
    const start = await balance();
    const jobs = () => s.db.kysely.selectFrom("jobs").select("id").where("kind", "=", lowBalanceJob).where("org_id", "=", school).execute();
    expect(await jobs()).toEqual([]);

    // Down to 1000.001 yuan: still above, nothing.
    await moveBalance(s.db.kysely, school, { kind: "consumption", amountMilli: -(start - 1_000_001), ref: "test:above" });
    expect(await jobs()).toEqual([]);
    // Down to exactly the threshold: the crossing.
    await moveBalance(s.db.kysely, school, { kind: "consumption", amountMilli: -1, ref: "test:cross" });
    expect(await jobs()).toHaveLength(1);
    // Lower still: no new crossing.
    await moveBalance(s.db.kysely, school, { kind: "consumption", amountMilli: -500_000, ref: "test:lower" });
    expect(await jobs()).toHaveLength(1);
    await s.app.jobs.drain();
    for (const mobile of ["13700000011", "13700000012"]) {
      const texts = lowTexts(mobile);
      expect(texts).toHaveLength(1);
      expect(texts[0].text).toContain("1000.00元");
    }

    // The job again (a retry after a crash) texts nobody twice.
    const [{ id }] = await jobs();
    await s.db.kysely.updateTable("jobs").set({ state: "queued", run_after: 0 }).where("id", "=", id).execute();
    await s.app.jobs.drain();
    expect(lowTexts("13700000011")).toHaveLength(1);

    // A recharge above and a fall again is a new crossing.
    await moveBalance(s.db.kysely, school, { kind: "recharge", amountMilli: 2_000_000, ref: "test:up" });
    await moveBalance(s.db.kysely, school, { kind: "consumption", amountMilli: -2_000_000, ref: "test:down" });
    await s.app.jobs.drain();
    expect(lowTexts("13700000011")).toHaveLength(2);
    expect(lowTexts("13700000012")).toHaveLength(2);
    const sums = await reconcile(s.db.kysely, school);
    expect(sums.balanceMilli).toBe(sums.ledgerMilli);
  });
});
