import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxApi, rechargeApi } from "../../../resources/billing/recharge";
import { pushApi, pushConfigDefaults, pushHeaders, type PushConfig, type PushDelivery } from "../../../resources/data-push/push-api";
import { emitFor, pushesQueued } from "../../../server/services/data-push/emit";
import { verifyPushSignature } from "../../../server/services/data-push/signature";
import { checkPushUrl, isBlockedAddress } from "../../../server/services/data-push/url-guard";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { startReceiver } from "./receiver";

/**
 * Data push (issue 19 items 8 and 10): the config on /cms/apinotify, its refusals, signed deliveries
 * to a local receiver through the job queue, retries, replay, the log and its tenancy. `s` runs
 * with PUSH_ALLOW_PRIVATE (the receiver is on 127.0.0.1); `strict` without it. On SQLite, and on
 * PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
let strict: TestServer;
let admin: string;
let other: string;
let strictAdmin: string;
let school: number;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  [s, strict, receiver] = await Promise.all([startTestServer({ config: { pushAllowPrivate: true } }), startTestServer(), startReceiver()]);
  admin = await signIn(s.app, "13800000000", "admin");
  other = await signIn(s.app, "13900000000", "admin");
  strictAdmin = await signIn(strict.app, "13800000000", "admin");
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await Promise.all([s?.close(), strict?.close(), receiver?.close()]);
});

type Answer<T = Record<string, unknown>> = { code: number; msg: string; data: T; count?: number };
const call = <T = Record<string, unknown>>(app: TestServer["app"], method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }).then((r) => r.json() as Answer<T>);

/** The defaults with `event` on at `url`, the master switch `status`. */
function configWith(on: Record<string, string>, status = 1): PushConfig {
  return {
    status,
    config: pushConfigDefaults.config.map((g) => ({ ...g, apis: g.apis.map((a) => (a.event in on ? { ...a, url: on[a.event], status: 1 } : a)) })),
  };
}
const save = (config: PushConfig, app = s.app, cookie = admin) => call(app, "PATCH", pushApi.configSet.path, cookie, config);
const log = (cookie = admin) => call<PushDelivery[]>(s.app, "GET", `${pushApi.deliveries.path}?page=1&count=20`, cookie);
/** Runs what the events queued: the deliveries' first tries. */
const deliver = async (server = s) => {
  await pushesQueued();
  await server.app.jobs.drain();
};

/** A recharge paid through the payment sandbox, as a payer does it. */
async function payRecharge(fee: number) {
  const made = await call(s.app, "POST", rechargeApi.alipay.path, admin, { fee });
  const q = new URL(made.data.url as string, "http://x").searchParams;
  const paid = await call(s.app, "POST", paySandboxApi.act.path, "", { trade_no: q.get("trade_no"), sign: q.get("sign"), action: "pay" });
  expect(paid.code).toBe(0);
  return q.get("trade_no")!;
}

describe("the push config", () => {
  it("reads as every api off until saved, and saves 配置保存成功！5分钟生效", async () => {
    const fresh = await call<PushConfig>(s.app, "GET", pushApi.config.path, admin);
    expect(fresh).toMatchObject({ code: 0, data: pushConfigDefaults });
    const saved = await save(configWith({ "recharge.paid": receiver.url }));
    expect(saved).toMatchObject({ code: 0, msg: "配置保存成功！5分钟生效" });
    const read = await call<PushConfig>(s.app, "GET", pushApi.config.path, admin);
    expect(read.data.status).toBe(1);
    expect(read.data.config.flatMap((g) => g.apis).find((a) => a.event === "recharge.paid")).toEqual({ event: "recharge.paid", name: "充值到账", url: receiver.url, status: 1 });
  });

  it("refuses a checked entry with no address, naming it", async () => {
    const config = configWith({ "chat.message": "" });
    expect(await save(config)).toMatchObject({ code: 400, msg: "请输入【聊天消息】接口地址" });
    // The master switch off does not make an incomplete entry acceptable.
    expect(await save({ ...config, status: 0 })).toMatchObject({ code: 400, msg: "请输入【聊天消息】接口地址" });
  });

  it("keeps the declared groups and names whatever was sent, and refuses what is no http(s) address", async () => {
    const renamed = configWith({ "live.started": receiver.url });
    renamed.config[0].name = "改名";
    renamed.config[0].apis[0].name = "改名";
    renamed.config.push({ name: "多余", apis: [{ event: "made.up", name: "多余", url: receiver.url, status: 1 }] });
    expect((await save(renamed)).code).toBe(0);
    const read = await call<PushConfig>(s.app, "GET", pushApi.config.path, admin);
    expect(read.data.config.map((g) => g.name)).toEqual(pushConfigDefaults.config.map((g) => g.name));
    expect(read.data.config[0].apis[0]).toMatchObject({ name: "直播开始", url: receiver.url, status: 1 });
    expect(await save(configWith({ "live.ended": "ftp://example.com/x" }))).toMatchObject({ code: 400, msg: "【直播结束】接口地址格式不正确，请以 http:// 或 https:// 开头" });
    expect(await save(configWith({ "live.ended": "javascript:alert(1)" }))).toMatchObject({ code: 400 });
    expect((await save(configWith({ "recharge.paid": receiver.url }))).code).toBe(0);
  });

  it("refuses loopback, private, link-local and metadata addresses unless the operator allows them", async () => {
    for (const url of ["http://127.0.0.1/x", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/", "http://[::1]:8080/", "http://localhost:9/", "http://0.0.0.0/", "http://[fd00:ec2::254]/", "http://192.168.1.1/", "http://172.16.0.1/", "http://224.0.0.1/", "http://[::ffff:127.0.0.1]/"]) {
      expect(await save(configWith({ "recharge.paid": url }), strict.app, strictAdmin), url).toMatchObject({ code: 400, msg: "【充值到账】接口地址不可指向本机、内网或保留地址" });
    }
    expect(await save(configWith({ "recharge.paid": "http://no-such-host.invalid/" }), strict.app, strictAdmin)).toMatchObject({ code: 400, msg: "【充值到账】接口地址无法解析" });
    expect(isBlockedAddress("8.8.8.8")).toBe(false);
    expect(isBlockedAddress("2606:4700::1111")).toBe(false);
    expect(isBlockedAddress("fe80::1")).toBe(true);
    expect(await checkPushUrl("http://localhost/", true)).toMatchObject({ ok: true });
  });

  it("is refused without the menu key, and is each organisation's own", async () => {
    const subadmin = await signIn(s.app, "13800000004", "admin");
    for (const [method, path] of [["GET", pushApi.config.path], ["PATCH", pushApi.configSet.path], ["GET", `${pushApi.deliveries.path}?page=1&count=20`], ["GET", pushApi.secret.path]] as const) {
      const r = await call(s.app, method, path, subadmin, method === "PATCH" ? configWith({}) : undefined);
      expect(r.code, path).not.toBe(0);
    }
    expect((await call<PushConfig>(s.app, "GET", pushApi.config.path, other)).data).toEqual(pushConfigDefaults);
  });
});

describe("deliveries", () => {
  it("posts a paid recharge to the receiver, signed with the organisation's secret, and logs it", async () => {
    const before = receiver.got.length;
    const tradeNo = await payRecharge(1000);
    await deliver();
    expect(receiver.got.length).toBe(before + 1);
    const got = receiver.got.at(-1)!;
    const { secret } = (await call<{ secret: string }>(s.app, "GET", pushApi.secret.path, admin)).data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const timestamp = got.headers[pushHeaders.timestamp] as string;
    expect(verifyPushSignature(secret, timestamp, got.body, got.headers[pushHeaders.signature] as string)).toBe(true);
    expect(verifyPushSignature(secret, timestamp, got.body.replace("1000", "9999"), got.headers[pushHeaders.signature] as string)).toBe(false);
    expect(got.headers[pushHeaders.event]).toBe("recharge.paid");
    expect(JSON.parse(got.body)).toMatchObject({ event: "recharge.paid", data: { trade_no: tradeNo, fee: 1000 } });
    const logged = await log();
    expect(logged.data[0]).toMatchObject({ Event: "recharge.paid", Url: receiver.url, StatusCode: 200, Attempts: 1, State: "done", Body: got.body });
    expect(logged.data[0].LatencyMs).toBeGreaterThanOrEqual(0);
    // Another secret signs from now on, and the old one verifies nothing more.
    const reset = await call<{ secret: string }>(s.app, "POST", pushApi.secretReset.path, admin);
    expect(reset.data.secret).not.toBe(secret);
  });

  it("retries after a 500 with backoff, then delivers", async () => {
    receiver.statuses.push(500);
    const before = receiver.got.length;
    emitFor(s.db, school, "recharge.paid", { trade_no: "retry", fee: 1 });
    await deliver();
    expect(receiver.got.length).toBe(before + 1);
    const first = (await log()).data[0];
    expect(first).toMatchObject({ StatusCode: 500, Attempts: 1, State: "queued", Error: "接口返回 500" });
    const job = await s.db.kysely.selectFrom("jobs").select(["id", "state", "run_after", "updated_at", "attempts"]).where("subject", "=", `push:${first.Id}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: "queued", attempts: 1 });
    expect(Number(job.run_after) - Number(job.updated_at)).toBe(30_000);
    // Nothing is due yet; once the backoff has passed the next try delivers it.
    await deliver();
    expect(receiver.got.length).toBe(before + 1);
    await s.db.kysely.updateTable("jobs").set({ run_after: 0 }).where("id", "=", job.id).execute();
    await deliver();
    expect(receiver.got.length).toBe(before + 2);
    expect((await log()).data[0]).toMatchObject({ Id: first.Id, StatusCode: 200, Attempts: 2, State: "done", Error: "" });
  });

  it("replays a delivery as a new one, to the organisation's own log only", async () => {
    const last = (await log()).data[0];
    const before = receiver.got.length;
    expect(await call(s.app, "POST", pushApi.replay.path, other, { id: last.Id })).toMatchObject({ code: 404, msg: "推送记录不存在" });
    const replayed = await call<{ id: number }>(s.app, "POST", pushApi.replay.path, admin, { id: last.Id });
    expect(replayed).toMatchObject({ code: 0, msg: "已重新推送" });
    await deliver();
    expect(receiver.got.length).toBe(before + 1);
    expect(receiver.got.at(-1)!.body).toBe(last.Body);
    const logged = await log();
    expect(logged.data[0]).toMatchObject({ Id: replayed.data.id, Event: last.Event, State: "done", Body: last.Body });
    expect((await log(other)).data.some((d) => d.Url === receiver.url)).toBe(false);
    expect(await call(s.app, "POST", pushApi.replay.path, admin, { id: "x" })).toMatchObject({ code: 400 });
  });

  it("delivers nothing with the master switch off, or for an api switched off", async () => {
    expect((await save(configWith({ "recharge.paid": receiver.url }, 0))).code).toBe(0);
    const count = Number((await log()).count);
    const before = receiver.got.length;
    emitFor(s.db, school, "recharge.paid", { trade_no: "off", fee: 1 });
    emitFor(s.db, school, "chat.message", { msg: "hi" });
    await deliver();
    expect(receiver.got.length).toBe(before);
    expect((await log()).count).toBe(count);
    expect((await save(configWith({ "recharge.paid": receiver.url }))).code).toBe(0);
  });

  it("refuses, when delivering, an address that has come to point at a private one", async () => {
    const strictSchool = (await strict.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
    // Stored as if it had resolved to a public address when saved.
    await strict.db.kysely.insertInto("push_configs").values({ org_id: strictSchool, status: 1, config: JSON.stringify(configWith({ "recharge.paid": receiver.url }).config), updated_at: Date.now() }).execute();
    const before = receiver.got.length;
    emitFor(strict.db, strictSchool, "recharge.paid", { trade_no: "private", fee: 1 });
    await deliver(strict);
    expect(receiver.got.length).toBe(before);
    const logged = await call<PushDelivery[]>(strict.app, "GET", `${pushApi.deliveries.path}?page=1&count=20`, strictAdmin);
    expect(logged.data[0]).toMatchObject({ State: "failed", StatusCode: null, Error: "接口地址指向本机、内网或保留地址，已拒绝推送" });
  });
});
