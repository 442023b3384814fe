import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechargeApi } from "../../../resources/billing/recharge";
import { loadConfig } from "../../../server/config";
import { reconcile } from "../../../server/engine/ledger";
import { creditBankTransfer } from "../../../server/services/billing/recharge";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * Bank transfer, the third way to pay (3 §7.3, issue 19 item 3): an order whose number the payer
 * writes as the transfer's note, the operator's account shown with it, and the operator's credit
 * once the money arrives (`npm run bank-credit`): once, for the order's own amount, bank orders
 * only. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
const account = { name: "乐学科技有限公司", bank: "招商银行北京分行", number: "110912345610601" };
let s: TestServer;
let admin: string;
let school: number;
const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  s = await startTestServer({ config: { bankAccount: account } });
  admin = await signIn(s.app, "13800000000", "admin");
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

const post = (url: string, payload: unknown) => s.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie: admin } }).then((r) => r.json());
const balance = async () => Number((await s.db.kysely.selectFrom("organisations").select("balance_milli").where("id", "=", school).executeTakeFirstOrThrow()).balance_milli);

describe("a bank-transfer recharge", () => {
  it("answers the operator's account and a pending order; only the operator's credit moves money, once", async () => {
    const before = await balance();
    const made = await post(rechargeApi.bank.path, { fee: 3000 });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ fee: 3000, account });
    const tradeNo = made.data.trade_no as string;
    expect(await balance()).toBe(before);
    const pending = (await s.app.inject({ url: `${rechargeApi.resultQuery.path}?trade_no=${tradeNo}`, headers: { cookie: admin } })).json();
    expect(pending.data).toMatchObject({ status: "pending", way: "bank" });

    await expect(creditBankTransfer(s.db, tradeNo, 2_999_990, quiet)).rejects.toThrow("支付金额与订单不符");
    expect(await balance()).toBe(before);
    const outcomes = await Promise.all([1, 2, 3].map(() => creditBankTransfer(s.db, tradeNo, 3_000_000, quiet)));
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(await balance()).toBe(before + 3_000_000);
    const books = await reconcile(s.db.kysely, school);
    expect(books.balanceMilli).toBe(books.ledgerMilli);

    const records = await s.app.inject({ url: `${rechargeApi.records.path}?page=1&count=20`, headers: { cookie: admin } });
    expect(records.json().data[0]).toMatchObject({ Fee: 3000, Way: "bank" });
  });

  it("credits no order of another way, nor one that does not exist", async () => {
    const alipay = await post(rechargeApi.alipay.path, { fee: 1000 });
    await expect(creditBankTransfer(s.db, alipay.data.trade_no, 1_000_000, quiet)).rejects.toThrow("该订单不是银行转账订单");
    await expect(creditBankTransfer(s.db, "LT0000", 1_000_000, quiet)).rejects.toThrow();
  });

  it("reads the operator's account from BANK_ACCOUNT, all three parts or none", () => {
    expect(loadConfig({ BANK_ACCOUNT: " 乐学科技有限公司 | 招商银行北京分行 | 110912345610601 " }).bankAccount).toEqual(account);
    expect(loadConfig({ BANK_ACCOUNT: "乐学科技有限公司|招商银行北京分行" }).bankAccount).toBeNull();
    expect(loadConfig({}).bankAccount).toBeNull();
  });

  it("refuses bad amounts as the other ways do", async () => {
    for (const fee of [0, -1, 0.001, 1e308, "abc"]) {
      const answer = await post(rechargeApi.bank.path, { fee });
      expect(answer.code, String(fee)).not.toBe(0);
      expect(answer.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
