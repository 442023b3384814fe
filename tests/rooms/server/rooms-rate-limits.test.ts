import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomApi } from "../../../resources/rooms/room-api";
import { toolApi } from "../../../resources/tools/tools";
import { hostPrefixes } from "../../../server/config";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * The rooms' and tools' rate limits are counted in the database (issue 17 item 2): two processes on
 * one database admit a limit's N in all, not N each. Each limit is made 3 here; the calls made are
 * the real ones, with a session or from an address.
 */

const three = { max: 3, windowMs: 60_000 };
let s: TestServer;
let twin: FastifyInstance;
let teacher: string;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ config: { rateLimits: { ...defaultRateLimits, tokensPerPerson: three, sharePerIp: three, tokenChecksPerIp: three } } });
  twin = await s.twin();
  teacher = await signIn(s.app, "13800000001", "teacher");
  admin = await signIn(s.app, "13800000000", "admin");
}, 120_000);
afterAll(() => s.close());

/** The envelope's code of each call, made on the apps in turn. */
const codes = async (apps: FastifyInstance[], call: (app: FastifyInstance) => Promise<{ json: () => { code: number } }>) => {
  const out: number[] = [];
  for (const app of apps) out.push((await call(app)).json().code);
  return out;
};

describe("limits held across two apps on one database", () => {
  it("room tokens: 3 per identity in all, the 4th refused with 429 by either app", async () => {
    const enter = (app: FastifyInstance) => app.inject({ url: `${roomApi.token.path}?room_id=1&group_id=1&user_type=1`, headers: { cookie: teacher } });
    const answers = await codes([s.app, twin, s.app, twin], enter);
    expect(answers.slice(0, 3)).not.toContain(429);
    expect(answers[3]).toBe(429);
    expect((await enter(s.app)).json()).toMatchObject({ code: 429, msg: "请求过于频繁，请稍后再试" });
  });

  it("tool tokens: the admin's identity has its own count", async () => {
    const ask = (app: FastifyInstance) => app.inject({ method: "POST", url: toolApi.token.path, headers: { cookie: admin }, payload: { tool: "virtualMake" } });
    expect(await codes([twin, s.app, twin, s.app], ask)).toEqual([0, 0, 0, 429]);
  });

  it("share pages: 3 per address in all; another address has its own", async () => {
    const share = (remoteAddress: string) => (app: FastifyInstance) => app.inject({ url: `${roomApi.share.path}?guid=nothing-shared`, remoteAddress });
    const answers = await codes([s.app, twin, twin, s.app], share("10.20.0.1"));
    expect(answers.slice(0, 3)).not.toContain(429);
    expect(answers[3]).toBe(429);
    expect((await share("10.20.0.2")(twin)).json().code).not.toBe(429);
  });

  it("the open platform's token checks: 3 per address in all", async () => {
    const check = (app: FastifyInstance) => app.inject({ url: `${hostPrefixes.openIframe}${toolApi.verify.path}?token=x.y`, remoteAddress: "10.30.0.1" });
    expect(await codes([s.app, twin, s.app, twin], check)).toEqual([403, 403, 403, 429]);
  });
});

describe("LECTERN_RATE_LIMITS=off", () => {
  it("counts no share page per address, and still counts room tokens per identity", async () => {
    const off = await startTestServer({ config: { rateLimits: { ...defaultRateLimits, perIp: false, tokensPerPerson: three, sharePerIp: three } } });
    try {
      const share = () => off.app.inject({ url: `${roomApi.share.path}?guid=nothing-shared`, remoteAddress: "10.40.0.1" });
      for (let i = 0; i < 5; i++) expect((await share()).json().code).not.toBe(429);
      const cookie = await signIn(off.app, "13800000001", "teacher");
      const enter = () => off.app.inject({ url: `${roomApi.token.path}?room_id=1&group_id=1&user_type=1`, headers: { cookie } });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await enter()).json().code);
      expect(answers[3]).toBe(429);
    } finally {
      await off.close();
    }
  }, 120_000);
});
