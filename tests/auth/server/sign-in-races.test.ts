import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { lastOf, startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * Tries counted under real parallel requests (issue 8, findings 2 and 4): a listening server
 * and many simultaneous HTTP requests, on SQLite and on PostgreSQL. The per-mobile memory
 * limits are raised here so that the database's own counting is what is tested.
 */
let s: TestServer;
let base: string;
beforeAll(async () => {
  const roomy = { max: 10_000, windowMs: 60_000 };
  s = await startTestServer({ config: { rateLimits: { ...defaultRateLimits, signInPerMobile: roomy, signInPerIp: roomy } } });
  base = await s.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => s.close());

const post = async (path: string, body: object) => {
  const res = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: { needCaptcha?: boolean } | null };
};

async function captchaFor(mobile: string) {
  await fetch(`${base}/cms/captcha?mobile=${mobile}&ts=${Date.now()}`);
  return lastOf(s.outbox(), "captcha", mobile)!.answer!;
}

/** Sends a retrieve-password code to `mobile` and answers it. */
async function retrieveCode(mobile: string) {
  await s.db.kysely.deleteFrom("sms_codes").where("mobile", "=", mobile).execute();
  expect(await post("/api/v1/retrieve-passwd/auth-code", { area_code: "86", mobile, authcode: await captchaFor(mobile) })).toMatchObject({ code: 0 });
  return lastOf(s.outbox(), "sms", mobile)!.code!;
}

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0"));

describe("SMS code tries under a burst", () => {
  const mobile = "13800000003";

  it("judges at most 5 of 100 parallel wrong guesses, and refuses the right code after them", async () => {
    const code = await retrieveCode(mobile);
    const answers = await Promise.all(wrongCodes(code, 100).map((guess) => post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code: guess, passwd: "hacked-99" })));
    const judged = answers.filter((a) => a.msg === "验证码错误").length;
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.code !== 0)).toBe(true);
    const late = await post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code: code, passwd: "hacked-99" });
    expect(late).toMatchObject({ code: 1, msg: "验证码错误次数过多，请重新获取" });
  });

  it("judges at most 5 tries in all when the right code is among 100 parallel guesses", async () => {
    const code = await retrieveCode(mobile);
    const guesses = wrongCodes(code, 100);
    guesses[60] = code;
    const answers = await Promise.all(guesses.map((guess) => post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code: guess, passwd: "hacked-99" })));
    const judged = answers.filter((a) => a.msg === "验证码错误" || a.code === 0).length;
    expect(judged).toBeLessThanOrEqual(5);
  });
});

describe("password tries under a burst", () => {
  it("judges at most one of 24 parallel wrong passwords without a captcha", async () => {
    const mobile = "13800000001";
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => post("/cms/tarzan", { mobile, passwd: `wrong-${i}` })));
    expect(answers.filter((a) => a.code === 900).length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.code === 904).length).toBeGreaterThanOrEqual(23);
    for (const a of answers) expect(a.data?.needCaptcha).toBe(true);
    // The captcha is now required of everyone, the right password included.
    expect(await post("/cms/tarzan", { mobile, passwd: "demo1234" })).toMatchObject({ code: 904, data: { needCaptcha: true } });
    expect(await post("/cms/tarzan", { mobile, passwd: "demo1234", authcode: await captchaFor(mobile) })).toMatchObject({ code: 0 });
  });

  it("gives one captcha a single try however many requests carry it", async () => {
    const mobile = "13800000002";
    expect((await post("/cms/tarzan", { mobile, passwd: "wrong-once" })).code).toBe(900);
    const answer = await captchaFor(mobile);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post("/cms/tarzan", { mobile, passwd: "still-wrong", authcode: answer })));
    // All twenty answers at once, so a failure shows what the others were told.
    const told = answers.map((a) => `${a.code} ${a.msg}`).sort();
    expect(told).toEqual(["900 用户名或密码错误", ...Array<string>(19).fill("904 验证码错误")]);
  });
});
