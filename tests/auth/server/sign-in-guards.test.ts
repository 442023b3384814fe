import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { lastOf, startTestServer, type TestServer } from "../../kernel/server/helpers";

/** Password guessing (issue 8, finding 4): the captcha after failures, the lock, sprays and the limits. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const login = (server: TestServer, body: object, ip: string) =>
  server.app.inject({ method: "POST", url: "/cms/tarzan", payload: body, remoteAddress: ip }).then((r) => ({ status: r.statusCode, ...r.json() }));

async function captchaFor(server: TestServer, mobile: string) {
  await server.app.inject({ url: `/cms/captcha?mobile=${mobile}&ts=${Date.now()}` });
  return lastOf(server.outbox(), "captcha", mobile)!.answer!;
}

const lockMessage = "密码错误次数过多，账号已锁定，请15分钟后再试";

/**
 * Nine wrong passwords, each (after the first) with a right captcha: one short of the lock.
 * From an address of their own, which nine failures leave short of the address's captcha too.
 */
async function nineFailures(mobile: string, ip: string) {
  expect(await login(s, { mobile, passwd: "wrong-0" }, ip)).toMatchObject({ code: 900, data: { needCaptcha: true } });
  for (let i = 1; i < 9; i++) expect((await login(s, { mobile, passwd: `wrong-${i}`, authcode: await captchaFor(s, mobile) }, ip)).code).toBe(900);
}

describe("a long run of wrong passwords", () => {
  it("locks the account for 15 minutes, the right password included, and a success afterwards clears it", async () => {
    const mobile = "13800000001";
    const started = Date.now();
    await nineFailures(mobile, "10.0.1.1");
    const tenth = await login(s, { mobile, passwd: "wrong-9", authcode: await captchaFor(s, mobile) }, "10.0.1.2");
    expect(tenth).toMatchObject({ code: 429, msg: lockMessage, data: { needCaptcha: true, retryAfter: 15 * 60 } });
    expect(await login(s, { mobile, passwd: "demo1234", authcode: await captchaFor(s, mobile) }, "10.0.1.3")).toMatchObject({ code: 429, msg: lockMessage });
    expect(await login(s, { mobile, passwd: "demo1234" }, "10.0.1.3")).toMatchObject({ code: 429, msg: lockMessage, data: { needCaptcha: true } });
    const guard = await s.db.kysely.selectFrom("login_guards").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(guard.updated_at).toBeGreaterThanOrEqual(started);
    expect(guard.locked_until - guard.updated_at).toBe(15 * 60_000);

    // Fifteen minutes later: the captcha is still needed, and the right password gets in.
    await s.db.kysely.updateTable("login_guards").set({ locked_until: Date.now() - 1 }).where("mobile", "=", mobile).execute();
    expect((await login(s, { mobile, passwd: "demo1234" }, "10.0.1.3")).code).toBe(904);
    expect((await login(s, { mobile, passwd: "demo1234", authcode: await captchaFor(s, mobile) }, "10.0.1.3")).code).toBe(0);
    expect((await login(s, { mobile, passwd: "demo1234" }, "10.0.1.3")).code).toBe(0);
  });

  it("starts counting again after a success", async () => {
    const mobile = "13800000002";
    await nineFailures(mobile, "10.0.2.1");
    expect((await login(s, { mobile, passwd: "demo1234", authcode: await captchaFor(s, mobile) }, "10.0.2.1")).code).toBe(0);
    await nineFailures(mobile, "10.0.2.2");
    expect((await login(s, { mobile, passwd: "demo1234", authcode: await captchaFor(s, mobile) }, "10.0.2.2")).code).toBe(0);
  });

  it("lets the person back in at once after a password retrieved by SMS", async () => {
    const mobile = "13800000004";
    await nineFailures(mobile, "10.0.4.1");
    expect((await login(s, { mobile, passwd: "wrong-9", authcode: await captchaFor(s, mobile) }, "10.0.4.2")).code).toBe(429);
    const asked = await s.app.inject({ method: "POST", url: "/api/v1/retrieve-passwd/auth-code", payload: { mobile, authcode: await captchaFor(s, mobile) } });
    expect(asked.json().code).toBe(0);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    const reset = await s.app.inject({ method: "POST", url: "/api/v1/retrieve-passwd", payload: { mobile, auth_code: code, passwd: "fresh-pass-1" } });
    expect(reset.json().code).toBe(0);
    expect((await login(s, { mobile, passwd: "fresh-pass-1" }, "10.0.4.3")).code).toBe(0);
  });

  it("locks a mobile nobody registered in just the same way", async () => {
    const mobile = "15000000000";
    await nineFailures(mobile, "10.0.3.1");
    expect(await login(s, { mobile, passwd: "wrong-9", authcode: await captchaFor(s, mobile) }, "10.0.3.2")).toMatchObject({ code: 429, msg: lockMessage });
  });
});

describe("one password against many accounts from one address", () => {
  it("meets the captcha after ten failures, on accounts that never failed", async () => {
    const spray = await startTestServer();
    try {
      const accounts = Array.from({ length: 20 }, (_, i) => `1510000${String(i).padStart(4, "0")}`);
      const answers = [];
      for (const mobile of accounts) answers.push(await login(spray, { mobile, passwd: "123456" }, "203.0.113.7"));
      expect(answers.slice(0, 10).map((a) => a.code)).toEqual(Array(10).fill(900));
      expect(answers.slice(10).map((a) => a.code)).toEqual(Array(10).fill(904));
      // Another address is not affected, and the demo admin from there signs in as usual.
      expect((await login(spray, { mobile: "13800000000", passwd: "demo1234" }, "198.51.100.1")).code).toBe(0);
      // From the spraying address a right password needs the captcha too.
      expect((await login(spray, { mobile: "13800000000", passwd: "demo1234" }, "203.0.113.7")).code).toBe(904);
    } finally {
      await spray.close();
    }
  });
});

describe("rate limits", () => {
  it("count a mobile with control characters by its hash, so a NUL refused by the schema is no 500 on PostgreSQL", async () => {
    for (const mobile of ["\u0000", "138\u0000", "\u001b[31m"]) {
      const res = await s.app.inject({ method: "POST", url: "/api/v1/user/register", payload: { mobile, auth_code: "123456", passwd: "abc12345" }, remoteAddress: "10.9.9.9" });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).not.toBe(0);
    }
  });

  it("are read from LECTERN_RATE_LIMITS: off for benchmarks, or a factor for a big school behind one address", () => {
    expect(loadConfig({}).rateLimits).toEqual(defaultRateLimits);
    expect(loadConfig({ LECTERN_RATE_LIMITS: "off" }).rateLimits).toEqual({ ...defaultRateLimits, perIp: false });
    const doubled = loadConfig({ LECTERN_RATE_LIMITS: "2" }).rateLimits;
    expect(doubled.signInPerIp.max).toBe(2 * defaultRateLimits.signInPerIp.max);
    expect(doubled.signInPerMobile).toEqual(defaultRateLimits.signInPerMobile);
  });

  it("answer 429 in the envelope past the per-address and per-mobile limits, and LECTERN_RATE_LIMITS=off lifts the first", async () => {
    const tight = { max: 3, windowMs: 60_000 };
    const limits = { ...defaultRateLimits, signInPerIp: tight, codesPerIp: tight, captchasPerIp: tight, signInPerMobile: { max: 5, windowMs: 60_000 } };
    const limited = await startTestServer({ seed: false, config: { rateLimits: limits } });
    const open = await startTestServer({ seed: false, config: { rateLimits: { ...limits, perIp: false } } });
    try {
      const call = (server: TestServer, method: "GET" | "POST", url: string, payload: object | undefined, ip: string) =>
        server.app.inject({ method, url, payload, remoteAddress: ip });
      const calls: [method: "GET" | "POST", url: string, payload?: (i: number) => object][] = [
        ["POST", "/cms/tarzan", (i) => ({ mobile: `1370000000${i}`, passwd: "x" })],
        ["POST", "/api/v1/login/auth-code", (i) => ({ mobile: `1370000000${i}`, authcode: "AAAA" })],
        ["POST", "/api/v1/retrieve-passwd/auth-code", (i) => ({ mobile: `1370000000${i}`, authcode: "AAAA" })],
        ["GET", "/cms/captcha?mobile=13700000000"],
      ];
      // The code calls share one budget per address, so each kind of call comes from its own.
      for (const [n, [method, url, payload]] of calls.entries()) {
        const ip = `192.0.2.${n}`;
        for (let i = 0; i < 3; i++) expect((await call(limited, method, url, payload?.(i), ip)).statusCode).not.toBe(429);
        const refused = await call(limited, method, url, payload?.(3), ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 429, msg: "请求过于频繁，请稍后再试", data: { retryAfter: expect.any(Number) } });
        expect((await call(limited, method, url, payload?.(4), "198.51.100.1")).statusCode).not.toBe(429);
        for (let i = 0; i < 5; i++) expect((await call(open, method, url, payload?.(i), ip)).statusCode).not.toBe(429);
      }
      // One mobile from many addresses: five tries a minute, then 429 wherever they come from.
      for (let i = 0; i < 5; i++) expect((await call(open, "POST", "/cms/authlogin", { mobile: "13711111111", auth_code: "000000" }, `10.0.0.${i}`)).statusCode).toBe(200);
      expect((await call(open, "POST", "/cms/authlogin", { mobile: "13711111111", auth_code: "000000" }, "10.0.0.9")).statusCode).toBe(429);
    } finally {
      await limited.close();
      await open.close();
    }
  });

  it("hold across server processes on one database: three sign-ins from an address in all, then 429 from either (issue 17)", async () => {
    const shared = await startTestServer({ seed: false, config: { rateLimits: { ...defaultRateLimits, signInPerIp: { max: 3, windowMs: 60_000 } } } });
    try {
      const apps = [shared.app, await shared.twin()];
      const signIn = (n: number) =>
        apps[n % 2].inject({ method: "POST", url: "/cms/tarzan", payload: { mobile: `1370000001${n}`, passwd: "x" }, remoteAddress: "192.0.2.77" });
      for (let n = 0; n < 3; n++) expect((await signIn(n)).json().code).toBe(900);
      for (const n of [3, 4]) {
        const refused = await signIn(n);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 429, msg: "请求过于频繁，请稍后再试", data: { retryAfter: expect.any(Number) } });
      }
    } finally {
      await shared.close();
    }
  });
});
