import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertApi } from "../../../resources/billing/alerts";
import { ledgerApi, type Reconciliation } from "../../../resources/billing/ledger";
import { pushApi, pushGroups, pushHeaders } from "../../../resources/data-push/push-api";
import { liveApi, liveMessages, insufficientBalanceCode } from "../../../resources/lives/live-api";
import { authApi } from "../../../resources/auth/auth";
import { statsApi } from "../../../resources/stats/stats";
import { chromiumOptions, startServer } from "../../../scripts/lib/server-process.mjs";
import { formatDateTime } from "../../../server/services/datetime";
import { verifyPushSignature } from "../../../server/services/data-push/signature";
import { startReceiver } from "../../data-push/server/receiver";
import { contextOptions, DAY, screenshot, signInAs } from "../../kernel/e2e/browser";
import { callAs, clockAhead, createOrganisation, outboxOf, runScript, sendAs } from "../../kernel/e2e/own-server";
import { freshDatabase } from "../../kernel/server/helpers";

/**
 * Issue 19's "Done when", on a server of its own started with DEMO=0 on a fresh database: a new
 * organisation (made by `npm run create-organisation`, with nothing in its balance) is refused a
 * live with 918; it recharges 1000 yuan through the sandbox, by alipay's redirect and by
 * wechatpay's QR; it points data push at a receiver this test runs, sets the low-balance threshold
 * just under the balance and adds a recipient with the code their phone got; it holds a live in the
 * built-in room with two viewers, who chat. The receiver gets the recharges, the entries and the
 * chat, each signed with the organisation's secret. Then the next day comes: the server stops,
 * `npm run rate` rates the day that is over, and the server and the browser start again a day ahead
 * (tests/kernel/support/clock-ahead.mjs, Playwright's clock): the live is billed, the balance, the
 * cost records (with how it was billed), the overview's projection and the ledger show it, and the
 * recipient's outbox has the low-balance SMS. The room jobs run every 2 s (ROOM_JOBS_SECONDS) so
 * the concurrency sample the rating prices is not a minute away.
 */

const org = { name: "首单学校", mobile: "13922220000", admin: "郑校长", password: "abc12345", balance: 0 };
const recipient = { name: "财务郑", mobile: "13922220009" };
const viewers = ["观众甲", "观众乙"];
const live = "首单直播·开讲";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let browser: Browser;
const receiver = await startReceiver();
const target = () => ({ dataDir: db.dataDir, databaseUrl: db.url ?? "" });
const serverEnv = { DEMO: "0", ROOM_JOBS_SECONDS: "2", PUSH_ALLOW_PRIVATE: "1" };

beforeAll(async () => {
  db = await freshDatabase();
  await createOrganisation(target(), org);
  [server, browser] = await Promise.all([startServer({ ...target(), env: serverEnv }), chromium.launch(chromiumOptions)]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver.close();
  await db?.drop();
});

async function newPage(clockAt?: number): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...contextOptions, baseURL: server!.baseURL });
  if (clockAt !== undefined) await context.clock.install({ time: clockAt });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on("pageerror", (err) => {
    throw err;
  });
  return { page, context };
}

const yuanText = (yuan: number) => yuan.toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe("a first bill of a fresh organisation (DEMO=0)", () => {
  it("recharges, holds a live, is billed for it the next day and told of the low balance; events reach its receiver signed", { timeout: 420_000, retry: 0 }, async () => {
    const { page: admin } = await newPage();
    await signInAs(admin, org.mobile, org.password);

    // Nothing in the balance: a live is refused with 918.
    const course = await sendAs<{ Id: number }>(admin, "POST", "/cms/course", { type: 1, title: "首单课程", detail: "", expire: formatDateTime(Date.now() + 30 * DAY), headimg: "" });
    const liveBody = { courseid: course.Id, title: live, begintime: formatDateTime(Date.now() - 60_000), endtime: formatDateTime(Date.now() + 3_600_000), teachers: "[]", assistants: "[]", detail: "", masterid: 0, subClassName: "", config: "{}", emulateid: 0 };
    expect(await callAs(admin, "POST", liveApi.create.path, liveBody)).toMatchObject({ code: insufficientBalanceCode, msg: liveMessages.insufficientBalance });

    // Data push to this test's receiver, for the recharges, the room's entries and its chat.
    const secret = (await sendAs<{ secret: string }>(admin, "GET", pushApi.secret.path)).secret;
    const wanted = new Set(["recharge.paid", "attendance.entered", "chat.message"]);
    const config = pushGroups.map((g) => ({ name: g.name, apis: g.apis.map((a) => ({ event: a.event, name: a.name, url: wanted.has(a.event) ? receiver.url : "", status: wanted.has(a.event) ? 1 : 0 })) }));
    await sendAs(admin, "PATCH", pushApi.configSet.path, { status: 1, config });

    // 500 yuan by alipay: the console goes to the payment page, which comes back to /payresult.
    await admin.goto("/recharge");
    await admin.locator("label", { hasText: "其他金额" }).click();
    await admin.getByLabel("其他金额（元）").fill("500");
    await admin.getByRole("radio", { name: "支付宝" }).check();
    await admin.getByRole("button", { name: "立即充值" }).click();
    await admin.waitForURL(/\/pay-sandbox\/order/);
    await admin.getByRole("button", { name: "确认支付" }).click();
    await admin.waitForURL(/\/payresult\?trade_no=/);
    await admin.getByText("支付成功").first().waitFor();
    // 500 by wechatpay: the QR's page, opened as a phone opens it, pays; the console sees it within its 3 s polls.
    await admin.goto("/recharge");
    await admin.locator("label", { hasText: "其他金额" }).click();
    await admin.getByLabel("其他金额（元）").fill("500");
    await admin.getByRole("radio", { name: "微信支付" }).check();
    await admin.getByRole("button", { name: "立即充值" }).click();
    await admin.getByLabel("微信支付二维码").waitFor();
    const phone = await admin.context().newPage();
    await phone.goto((await admin.getByRole("link", { name: "在本机打开支付页" }).getAttribute("href"))!);
    await phone.getByRole("button", { name: "确认支付" }).click();
    await admin.locator(".ant-modal").getByText("支付成功").waitFor();
    await phone.close();
    expect((await sendAs<{ balance: number }>(admin, "GET", authApi.balance.path)).balance).toBeCloseTo(1000, 3);

    // The threshold just under the balance, and a recipient proven by the code their phone got.
    await sendAs(admin, "PATCH", alertApi.setThreshold.path, { config: "999.99" });
    let seen = outboxOf(db.dataDir).length;
    await admin.request.get(authApi.captchaImage.path, { params: { mobile: recipient.mobile } });
    const answer = outboxOf(db.dataDir).slice(seen).find((e) => e.kind === "captcha" && e.mobile === recipient.mobile)!.answer!;
    await sendAs(admin, "POST", alertApi.recipientCode.path, { mobile: recipient.mobile, authcode: answer });
    const code = outboxOf(db.dataDir).slice(seen).find((e) => e.kind === "sms" && e.mobile === recipient.mobile)!.code!;
    await sendAs(admin, "POST", alertApi.addRecipient.path, { ...recipient, code });

    // Now the live is taken, and two viewers enter its room by its share link.
    const made = await sendAs<{ Id: number }>(admin, "POST", liveApi.create.path, liveBody);
    const { guid } = await sendAs<{ guid: string }>(admin, "GET", liveApi.shareGuid.path, { liveid: String(made.Id) });
    const rooms = await Promise.all(
      viewers.map(async (name) => {
        const { page } = await newPage();
        await page.goto(`/share_qxc/name_liveclass.html?guid=${guid}&livetype=all`);
        await page.getByPlaceholder("请输入您的名字").fill(name);
        await page.getByRole("button", { name: "进入直播" }).click();
        // A share link's viewer is in the room's own page, not a frame of the portal.
        await page.waitForURL((u) => u.pathname === "/room/");
        await page.getByRole("heading", { level: 1, name: live }).waitFor();
        return { page, frame: page, name };
      }),
    );
    for (const r of rooms) {
      await r.frame.getByRole("textbox", { name: "聊天内容" }).fill(`${r.name}来了`);
      await r.frame.getByRole("textbox", { name: "聊天内容" }).press("Enter");
    }
    for (const r of rooms) await expect.poll(() => r.frame.getByRole("list", { name: "聊天消息" }).innerText()).toContain(`${rooms[1].name}来了`);
    await screenshot(rooms[0].page, "first-bill-room");
    // The room jobs' concurrency sample sees both (what the rating prices).
    const today = formatDateTime(Date.now()).slice(0, 10);
    const peak = async () => Math.max(0, ...(await sendAs<{ usernum: number }[]>(admin, "GET", statsApi.liveOnline.path, { begindate: `${today} 00:00:00`, enddate: `${today} 23:59:59` })).map((p) => p.usernum));
    await expect.poll(peak, { timeout: 30_000, interval: 1000 }).toBe(2);
    for (const r of rooms) await r.page.close();

    // The receiver got the two recharges, the two entries and the two messages, each signed.
    const events = () => receiver.got.map((g) => g.headers[pushHeaders.event] as string).sort();
    await expect.poll(events, { timeout: 30_000 }).toEqual(["attendance.entered", "attendance.entered", "chat.message", "chat.message", "recharge.paid", "recharge.paid"]);
    for (const got of receiver.got) expect(verifyPushSignature(secret, got.headers[pushHeaders.timestamp] as string, got.body, got.headers[pushHeaders.signature] as string)).toBe(true);

    // The next day: the server stops, today is rated as the hourly run would rate it, and it starts again a day ahead.
    await server!.stop();
    server = undefined;
    seen = outboxOf(db.dataDir).length;
    const rated = await runScript("rate.ts", ["--day", today], target(), clockAhead(DAY));
    expect(rated).toMatch(/1 charged/);
    server = await startServer({ ...target(), env: { ...serverEnv, ...clockAhead(DAY) } });
    const { page: next } = await newPage(Date.now() + DAY);
    await signInAs(next, org.mobile, org.password);

    // The charge: the balance, the ledger it equals, and the cost record of the live with how it was billed.
    const balance = (await sendAs<{ balance: number }>(next, "GET", authApi.balance.path)).balance;
    expect(balance).toBeLessThan(1000);
    expect(balance).toBeGreaterThan(990);
    await expect.poll(() => next.getByRole("link", { name: /余额/ }).innerText()).toContain(yuanText(balance));
    expect(await sendAs<Reconciliation>(next, "GET", ledgerApi.reconcile.path)).toMatchObject({ balance, agrees: true });
    await next.goto("/costrecord");
    const liveRow = next.locator(".ant-table-tbody tr.ant-table-row", { hasText: "直播" }).filter({ hasText: today });
    await liveRow.first().waitFor();
    expect(await liveRow.first().innerText()).toContain("¥0.60");
    await screenshot(next, "first-bill-costrecord");

    // The overview: the projection from the day's use, the balance in the low style.
    await next.goto("/accountOverview");
    const card = next.locator(".ant-card", { hasText: "可用余额" });
    await expect.poll(() => card.innerText()).toMatch(/按近30天日均消费¥0\.02计，余额约可用\d+天/);
    await card.getByText("余额已低于预警金额，请及时充值").waitFor();
    await screenshot(next, "first-bill-overview");

    // The crossing texted the recipient once.
    await expect.poll(() => outboxOf(db.dataDir).slice(seen).filter((e) => e.mobile === recipient.mobile && e.purpose === "lowBalance").length, { timeout: 30_000 }).toBe(1);
  });
});
