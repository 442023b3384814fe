import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatorApi } from "../../../resources/lives/live-api";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { askToken, orgLives, serviceCall, tokenFor } from "./verification-helpers";

/**
 * The verification calls' per-person limits (resources/kernel/limits.ts) are counted in the
 * database: two server processes on one database admit N calls of one person in all, not N each.
 */
const minute = 60_000;
const limits = {
  ...defaultRateLimits,
  verificationPerPerson: { max: 4, windowMs: minute },
  verificationHeavyPerPerson: { max: 3, windowMs: minute },
  verificationTokenPerPerson: { max: 3, windowMs: minute },
};
const tooMany = { code: 429, msg: "请求过于频繁，请稍后再试" };

let s: TestServer;
let twin: FastifyInstance;
let admin: string;
let live: number;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ config: { rateLimits: limits } });
  twin = await s.twin();
  admin = await signIn(s.app, "13800000000", "admin");
  live = (await orgLives(s, "示例学校")).active[0];
  token = await tokenFor(s.app, admin, live);
});
afterAll(() => s.close());

/** Calls `call` on the first app and its twin by turns, `times` times, answering each envelope's code. */
async function byTurns(times: number, call: (app: FastifyInstance) => Promise<{ body: { code: number } }>) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await call(i % 2 === 0 ? s.app : twin)).body.code);
  return codes;
}

describe("verification limits across two processes", () => {
  it("gives one person 3 validator tokens a minute in all, the 4th refused on either app", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    const theirs = (await orgLives(s, "第二学校")).active[0];
    expect(await byTurns(3, (app) => askToken(app, second, theirs))).toEqual([0, 0, 0]);
    expect((await askToken(twin, second, theirs)).body).toMatchObject(tooMany);
    expect((await askToken(s.app, second, theirs)).status).toBe(429);
  });

  it("admits 4 settings and whitelist calls of one person in all, the 5th refused", async () => {
    const settings = (app: FastifyInstance) => serviceCall(app, admin, validatorApi.get, { roomid: live, token });
    const page = (app: FastifyInstance) => serviceCall(app, admin, validatorApi.whitelist, { roomid: live, token, page: 1, limit: 10 });
    expect([...(await byTurns(2, settings)), ...(await byTurns(2, page))]).toEqual([0, 0, 0, 0]);
    expect((await settings(twin)).body).toMatchObject(tooMany);
    expect((await page(s.app)).body).toMatchObject(tooMany);
  });

  it("admits 3 exports, imports and dry runs of one person in all, the 4th refused", async () => {
    const rows = { rows: [{ username: "学员甲", password: "a000001" }] };
    const heavy = [
      (app: FastifyInstance) => serviceCall(app, admin, validatorApi.whitelistCheck, { roomid: live, token }, rows),
      (app: FastifyInstance) => serviceCall(app, admin, validatorApi.whitelistImport, { roomid: live, token }, rows),
      (app: FastifyInstance) => serviceCall(app, admin, validatorApi.whitelistExport, { roomid: live, token }),
    ];
    const codes = [(await heavy[0](s.app)).body.code, (await heavy[1](twin)).body.code, (await heavy[2](s.app)).body.code];
    expect(codes).toEqual([0, 0, 0]);
    expect((await heavy[2](twin)).body).toMatchObject(tooMany);
  });
});
