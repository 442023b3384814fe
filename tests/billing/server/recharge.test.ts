import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxApi, rechargeApi, rechargeMessages } from "../../../resources/billing/recharge";
import { sandboxPayments, signatureHeader, type PayClaim } from "../../../server/adapters/payment";
import { ledgerApi } from "../../../resources/billing/ledger";
import { reconcile } from "../../../server/engine/ledger";
import { localDay } from "../../../server/services/stat-range";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { freezeClock } from "../../kernel/support/clock";

// The range searched below is named by its dates: the tests run at one instant, whatever the day.
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * Recharge through the sandbox provider (issue 19 item 3, "Bad input and attacks"): an order, its
 * page, pay and cancel, the signed notify that alone moves money (verified, idempotent, checked
 * against the order's amount), the records. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
let admin: string;
let other: string;
let school: number;
let signer: ReturnType<typeof sandboxPayments>;

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  other = await signIn(s.app, "13900000000", "admin");
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
  signer = sandboxPayments(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }), paySandboxApi.page.path);
});
afterAll(() => s.close());

const post = (url: string, payload: unknown, cookie = admin, headers: Record<string, string> = {}) =>
  s.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie, ...headers } }).then((r) => ({ status: r.statusCode, ...(r.json() as { code: number; msg: string; data: Record<string, unknown>; count?: number }) }));
const get = (url: string, cookie = admin) => s.app.inject({ url, headers: { cookie } });
const balance = async () => Number((await s.db.kysely.selectFrom("organisations").select("balance_milli").where("id", "=", school).executeTakeFirstOrThrow()).balance_milli);
const orders = async () => Number((await s.db.kysely.selectFrom("recharge_orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const pageOf = (url: string) => new URL(url, "http://x").searchParams;
const notify = (claim: PayClaim, signature = signer.signNotify(claim)) => post(rechargeApi.notify.path, claim, "", { [signatureHeader]: signature });
const claimOf = (trade_no: string, fee_milli: number, status: PayClaim["status"] = "paid"): PayClaim => ({ trade_no, fee_milli, status, ts: Date.now(), nonce: Math.random().toString(36).slice(2, 12) });

describe("an alipay recharge through the sandbox", () => {
  it("makes a pending order whose page pays it, and only then the balance and the ledger move", async () => {
    const before = await balance();
    const made = await post(rechargeApi.alipay.path, { fee: 1000 });
    expect(made.code).toBe(0);
    const url = made.data.url as string;
    expect(made.data.redirect).toBe(url);
    const q = pageOf(url);
    const tradeNo = q.get("trade_no")!;
    expect(await balance()).toBe(before);

    const page = await s.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("¥1000.00");
    expect(page.body).toContain("示例学校");
    const pending = (await get(`${rechargeApi.resultQuery.path}?trade_no=${tradeNo}`)).json();
    expect(pending.data).toMatchObject({ status: "pending", fee: 1000, way: "alipay", PayTime: "" });

    const paid = await post(paySandboxApi.act.path, { trade_no: tradeNo, sign: q.get("sign"), action: "pay" }, "");
    expect(paid).toMatchObject({ code: 0, data: { status: "paid", return_url: `/payresult?trade_no=${tradeNo}` } });
    expect(await balance()).toBe(before + 1_000_000);
    expect((await get(`${rechargeApi.resultQuery.path}?trade_no=${tradeNo}`)).json().data).toMatchObject({ status: "paid" });
    const ledger = await s.db.kysely.selectFrom("ledger").select(["kind", "amount_milli", "balance_milli"]).where("ref", "=", `recharge:${tradeNo}`).execute();
    expect(ledger).toEqual([{ kind: "recharge", amount_milli: 1_000_000, balance_milli: before + 1_000_000 }]);
    expect(await reconcile(s.db.kysely, school)).toMatchObject({ balanceMilli: before + 1_000_000, ledgerMilli: before + 1_000_000 });

    // Paying the paid order again moves nothing; its page says it is paid.
    await post(paySandboxApi.act.path, { trade_no: tradeNo, sign: q.get("sign"), action: "pay" }, "");
    expect(await balance()).toBe(before + 1_000_000);
    expect((await s.app.inject({ url })).body).toContain("此订单已支付");

    const records = (await get(`${rechargeApi.records.path}?page=1&count=20`)).json();
    expect(records.data[0]).toMatchObject({ Fee: 1000, Way: "alipay" });
    expect(records.count).toBeGreaterThanOrEqual(1);
  });
});

describe("a wechatpay recharge", () => {
  it("answers the QR's address and the order, and a cancelled order moves nothing", async () => {
    const before = await balance();
    const made = await post(rechargeApi.wechatpay.path, { fee: 3000.5 });
    expect(made).toMatchObject({ code: 0, data: { fee: 3000.5 } });
    const tradeNo = made.data.ordreno as string;
    expect(pageOf(made.data.wechatpay_url as string).get("trade_no")).toBe(tradeNo);
    const cancelled = await post(paySandboxApi.act.path, { trade_no: tradeNo, sign: pageOf(made.data.wechatpay_url as string).get("sign"), action: "cancel" }, "");
    expect(cancelled.data.status).toBe("failed");
    // A paid notify after the cancellation is too late: the order is over.
    expect((await notify(claimOf(tradeNo, 3_000_500))).data).toEqual({ outcome: "unchanged" });
    expect(await balance()).toBe(before);
  });
});

describe("bad amounts", () => {
  it.each([
    [-1, "充值金额必须大于0"],
    [0, "充值金额必须大于0"],
    [0.001, "充值金额必须大于0"],
    [100.005, rechargeMessages.badFee],
    [1e308, "单次充值不能超过1000000元"],
    ["abc", rechargeMessages.badFee],
    [null, "充值金额必须大于0"],
  ])("refuses %s with its message and makes no order", async (fee, msg) => {
    const before = await orders();
    const answer = await post(rechargeApi.alipay.path, { fee });
    expect(answer.code).not.toBe(0);
    expect(answer.status).toBeLessThan(500);
    expect(answer.msg).toBe(msg);
    expect(await orders()).toBe(before);
  });

  it("refuses a bank transfer while the operator has given no account", async () => {
    const answer = await post(rechargeApi.bank.path, { fee: 1000 });
    expect(answer).toMatchObject({ code: 400, msg: rechargeMessages.bankClosed });
  });

  it("refuses a missing amount", async () => {
    expect((await post(rechargeApi.wechatpay.path, {})).msg).toBe("请输入充值金额");
  });
});

describe("the notify, attacked", () => {
  let tradeNo: string;
  beforeAll(async () => {
    tradeNo = (await post(rechargeApi.wechatpay.path, { fee: 100 })).data.ordreno as string;
  });

  it("refuses a forged or tampered signature, and a claim of another amount however signed", async () => {
    const before = await balance();
    const claim = claimOf(tradeNo, 100_000);
    expect((await notify(claim, "0".repeat(64))).status).toBe(403);
    expect((await notify({ ...claim, fee_milli: 100_000_000 }, signer.signNotify(claim))).status).toBe(403);
    expect((await post(rechargeApi.notify.path, claim, "")).status).toBe(403);
    const more = claimOf(tradeNo, 100_000_000);
    expect(await notify(more)).toMatchObject({ code: 400, msg: rechargeMessages.wrongAmount });
    expect((await notify(claimOf("LT00000000000000nothere", 100_000))).code).toBe(404);
    expect(await balance()).toBe(before);
  });

  it("credits an order once, whatever the replays and however many notifies arrive at once, on two servers", async () => {
    const before = await balance();
    const twin = await s.twin();
    const claim = claimOf(tradeNo, 100_000);
    const signature = signer.signNotify(claim);
    const viaTwin = () => twin.inject({ method: "POST", url: rechargeApi.notify.path, payload: claim, headers: { [signatureHeader]: signature } }).then((r) => r.json() as { code: number; data: { outcome: string } });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? notify(claim, signature) : viaTwin())));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(answers.filter((a) => a.data.outcome === "credited")).toHaveLength(1);
    expect(await balance()).toBe(before + 100_000);
    expect(await notify(claimOf(tradeNo, 100_000))).toMatchObject({ code: 0, data: { outcome: "unchanged" } });
    expect(await balance()).toBe(before + 100_000);
  });

  it("opens no order page without the address's own signature", async () => {
    const page = await s.app.inject({ url: `${paySandboxApi.page.path}?trade_no=${tradeNo}&sign=${"a".repeat(64)}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain("¥");
    expect((await post(paySandboxApi.act.path, { trade_no: tradeNo, sign: "a".repeat(64), action: "pay" }, "")).code).toBe(404);
  });
});

describe("the records and the organisation's scope", () => {
  it("lists only paid recharges, a page at most 100, and searches a range", async () => {
    for (const count of [20, 50, 100]) expect((await get(`${rechargeApi.records.path}?page=1&count=${count}`)).json().code).toBe(0);
    expect((await get(`${rechargeApi.records.path}?page=1&count=101`)).json()).toMatchObject({ msg: "每页条数应为1-100" });
    const all = (await get(`${rechargeApi.records.path}?page=1&count=100`)).json();
    expect(all.data.every((r: { Fee: number }) => r.Fee > 0)).toBe(true);
    const none = (await get(`${rechargeApi.search.path}?page=1&count=20&begints=2020-01-01&endts=2020-01-31`)).json();
    expect(none).toMatchObject({ code: 0, data: [], count: 0 });
    const today = localDay(Date.now());
    const now = (await get(`${rechargeApi.search.path}?page=1&count=20&begints=${today}%2000:00:00&endts=${today}`)).json();
    expect(now.count).toBeGreaterThanOrEqual(2);
    expect((await get(`${rechargeApi.search.path}?page=1&count=20&begints=yesterday`)).json().code).not.toBe(0);
  });

  it("shows another organisation neither the orders nor the records", async () => {
    const mine = (await post(rechargeApi.alipay.path, { fee: 10 })).data.trade_no as string;
    expect((await get(`${rechargeApi.resultQuery.path}?trade_no=${mine}`, other)).json().code).toBe(404);
    const theirs = (await get(`${rechargeApi.records.path}?page=1&count=100`, other)).json();
    expect(theirs.data.map((r: { Way: string; Fee: number }) => r.Fee)).not.toContain(1000);
  });
});

describe("the reconciliation an administrator asks for", () => {
  it("answers the organisation's own balance beside its ledger, and tells when they part", async () => {
    const books = (await get(ledgerApi.reconcile.path)).json();
    expect(books.code).toBe(0);
    expect(books.data.agrees).toBe(true);
    expect(books.data.balance).toBe((await balance()) / 1000);
    expect(books.data.rows).toBeGreaterThan(0);
    const theirs = (await get(ledgerApi.reconcile.path, other)).json().data;
    expect(theirs.balance).not.toBe(books.data.balance);

    // A balance written behind the ledger's back (a hand-run UPDATE) is what reconciling finds.
    await s.db.kysely.updateTable("organisations").set((eb) => ({ balance_milli: eb("balance_milli", "+", 10) })).where("id", "=", school).execute();
    const parted = (await get(ledgerApi.reconcile.path)).json().data;
    expect(parted).toMatchObject({ agrees: false });
    expect(Math.round((parted.balance - parted.ledger) * 1000)).toBe(10);
    await s.db.kysely.updateTable("organisations").set((eb) => ({ balance_milli: eb("balance_milli", "-", 10) })).where("id", "=", school).execute();
  });

  it("is the account overview's: a teacher, and no one signed out, is refused", async () => {
    expect((await get(ledgerApi.reconcile.path, "")).statusCode).toBe(401);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await get(ledgerApi.reconcile.path, teacher)).json().code).not.toBe(0);
  });
});
