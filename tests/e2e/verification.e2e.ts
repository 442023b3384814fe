import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { utils, write } from "xlsx";
import { liveApi, validatorApi, type ValidatorSettings } from "../../resources/live-api";
import { phoneField, whitelistReasons, type WhitelistRowError } from "../../resources/live-validator";
import { hostPrefixes } from "../../server/config";
import { defaultReadLimits } from "../../src/lib/xlsx/limits";
import { readSheetRows } from "../../src/lib/xlsx/read-sheet";
import { rowsOf } from "../../src/pages/lives/verification/whitelist/whitelist-sheet";
import { api, closeBrowser, newPage, screenshot, signInAsAdmin } from "./browser";

const workDir = mkdtempSync(path.join(tmpdir(), "lectern-whitelist-"));

afterAll(async () => {
  await closeBrowser();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * A whitelist sheet as a school would send it: a nick column and a password column, 20,000 rows,
 * of which the last two are refused (a repeated password, a missing one).
 */
function writeSheet(): string {
  const rows = [["昵称", "密码"], ...Array.from({ length: 19_998 }, (_, i) => [`观众${i}`, `e2e-${String(i).padStart(5, "0")}`]), ["重复", "e2e-00007"], ["没有密码", ""]];
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "白名单");
  const file = path.join(workDir, "白名单.xlsx");
  writeFileSync(file, write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return file;
}

/** A live of the demo organisation: the first of the demo teacher 13800000001's. */
async function firstLive(page: Page): Promise<number> {
  const [teacher] = await api<{ Id: number }[]>(page, "/cms/teachersearch?key=13800000001&count=10&page=1");
  const lives = await api<{ liveid: number }[]>(page, `/userstat/teacherliveinfostat?userid=${teacher.Id}&page=1&count=10`);
  expect(lives.length).toBeGreaterThan(0);
  return lives[0].liveid;
}

/** A call of the validator service with the page's session, roomid and token in the address. */
async function service<T>(page: Page, endpoint: typeof validatorApi.get, query: Record<string, string | number>, body?: unknown) {
  const url = `${hostPrefixes[endpoint.host]}${endpoint.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const response = await page.request.fetch(url, { method: endpoint.method, ...(body === undefined ? {} : { data: body }) });
  return (await response.json()) as { code: number; msg: string; data: T; content: T };
}

describe("viewer verification through the real server (issue 10 items 8 and 10)", () => {
  it("sets a whitelist live with a registration form, imports a 20,000-row sheet after its dry run, pages, exports and clears", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    const roomid = await firstLive(page);
    const { token } = await api<{ token: string }>(page, `${liveApi.validatorToken.path}?liveid=${roomid}`);
    const q = { roomid, token };

    const settings: ValidatorSettings = {
      check: 2,
      password: "",
      logo_url: "",
      poster: "",
      desc: '<p>欢迎<strong>观看</strong></p><script>alert(1)</script><img src="x.png" onerror="alert(2)">',
      extra: { isRecord: 2, data: [phoneField, { formaDataType: 5, name: "年级", placeholder: "", required: true, checkList: ["高一", "高二"], isPhone: false }] },
    };
    expect((await service(page, validatorApi.save, q, settings)).code).toBe(0);
    const stored = (await service<ValidatorSettings>(page, validatorApi.get, q)).content;
    expect(stored).toMatchObject({ check: 2, extra: settings.extra });
    expect(stored.desc).toBe('<p>欢迎<strong>观看</strong></p><img src="x.png" />');

    // The sheet is read by the product's own reader (the sheet worker's code) and its columns picked as the dialog picks them.
    const file = writeSheet();
    const sheet = readSheetRows(new Uint8Array(readFileSync(file)), "白名单.xlsx", { ...defaultReadLimits, maxRows: 20_000, maxBytes: 8 * 1024 * 1024, maxCellLength: 128 });
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(20_000);

    await service(page, validatorApi.whitelistRemove, { ...q, id: 0 });
    const dry = await service<{ accepted: number; errors: WhitelistRowError[] }>(page, validatorApi.whitelistCheck, q, { rows });
    expect(dry.content.accepted).toBe(19_998);
    expect(dry.content.errors.map((e) => [e.row, e.reason])).toEqual([
      [19_999, whitelistReasons.duplicateInFile(8)],
      [20_000, whitelistReasons.empty],
    ]);
    expect((await service<{ total: number }>(page, validatorApi.whitelist, { ...q, page: 1, limit: 10 })).content.total).toBe(0);

    const started = Date.now();
    const imported = await service<{ added: number }>(page, validatorApi.whitelistImport, q, { rows });
    const importMs = Date.now() - started;
    expect(imported.content.added).toBe(19_998);
    // Two seconds is the server's target (npm run bench measures it); the margin is for a busy machine.
    expect(importMs).toBeLessThan(15_000);

    const last = await service<{ total: number; resultset: { username: string }[] }>(page, validatorApi.whitelist, { ...q, page: 2000, limit: 10 });
    expect(last.content.total).toBe(19_998);
    expect(last.content.resultset.map((e) => e.username)).toEqual(Array.from({ length: 8 }, (_, i) => `观众${19_990 + i}`));
    const exported = await service<{ total: number }>(page, validatorApi.whitelistExport, q);
    expect(exported.content.total).toBe(19_998);

    const again = await service<{ added: number; errors: WhitelistRowError[] }>(page, validatorApi.whitelistImport, q, { rows: rows.slice(0, 3) });
    expect(again.content).toMatchObject({ added: 0 });
    expect(again.content.errors.every((e) => e.reason === whitelistReasons.inList)).toBe(true);

    expect(await service(page, validatorApi.whitelistRemove, { ...q, id: 0 })).toMatchObject({ code: 0, content: { removed: 19_998 } });
    await page.context().close();
  });

  it("refuses the service a token of another live, and answers the settings' rules in the schema's words", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    const roomid = await firstLive(page);
    const { token } = await api<{ token: string }>(page, `${liveApi.validatorToken.path}?liveid=${roomid}`);
    const other = await service(page, validatorApi.get, { roomid: roomid + 1, token });
    expect(other.code).toBe(401);
    const nameless = await service(page, validatorApi.save, { roomid, token }, {
      check: 1,
      password: "",
      logo_url: "",
      poster: "",
      desc: "",
      extra: { isRecord: 2, data: [phoneField, { formaDataType: 3, name: "", placeholder: "", required: false, checkList: [], isPhone: false }] },
    });
    expect(nameless).toMatchObject({ code: 400, msg: "请完善信息名称" });
    await page.context().close();
  });
});

// Waits on the lists branch: /liveop's 验证方式 row action, which opens VerificationDrawer, lands with it.
describe.skip("the 验证方式 drawer from /liveop (completed by the integrator once the row action exists)", () => {
  it("opens from a live's row, saves the default, imports the sheet through the dry run, exports and warns before closing unsaved", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/liveop");
    const row = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole("button", { name: "验证方式" }).click();
    const drawer = page.locator(".ant-drawer").filter({ hasText: "设置验证方式" });
    await expect.poll(() => drawer.getByRole("radio", { name: "无密码" }).isChecked(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, "verification-drawer");

    await drawer.getByText("白名单", { exact: true }).click();
    const list = page.locator(".ant-modal").filter({ hasText: "白名单列表" });
    await list.getByRole("button", { name: /导\s?入/ }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "选择文件" }).click();
    await (await chooser).setFiles(writeSheet());
    await page.getByText("白名单.xlsx：共 20000 条，可导入 19998 条，错误 2 条").waitFor({ timeout: 30_000 });
    const errorRows = page.waitForEvent("download");
    await page.getByRole("button", { name: "下载错误行" }).click();
    expect((await errorRows).suggestedFilename()).toBe("白名单导入错误行.xlsx");
    await page.getByRole("button", { name: /确认导入 19998 条/ }).click();
    await page.getByText("成功导入 19998 条").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /完\s?成/ }).click();
    await list.getByText("共 19998 条").waitFor();
    const exported = page.waitForEvent("download");
    await list.getByRole("button", { name: /导\s?出/ }).click();
    expect((await exported).suggestedFilename()).toMatch(/^白名单-.+\.xlsx$/);
    await page.keyboard.press("Escape");

    await drawer.locator(".ant-drawer-close").click();
    await page.getByText("当前信息未保存，是否关闭").waitFor();
    await page.getByRole("button", { name: /关\s?闭/ }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.context().close();
  });
});
