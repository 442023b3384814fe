import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, screenshot, settled, signInAsAdmin } from "./browser";

afterAll(closeBrowser);

/**
 * The console by keyboard alone (issue 16 items 4.1, 4.2): the account menu is reached with Tab and
 * used with the arrows and Enter, and a dialog closed by Enter or Escape hands the caret back to the
 * control that opened it, or to its neighbour when that control has gone with its row.
 */

/** What has the focus: its tag, its accessible text and the row it sits in. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? "",
      text: (element?.innerText ?? "").replace(/\s+/g, ""),
      row: element?.closest("tr[data-row-key]")?.getAttribute("data-row-key") ?? null,
    };
  });

/** Presses Tab until `match` holds for the focused element, at most `limit` times. */
async function tabTo(page: Page, match: (element: HTMLElement) => boolean, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(`(${match.toString()})(document.activeElement)`)) return presses + 1;
  }
  throw new Error(`not reached with ${limit} presses of Tab`);
}

/**
 * Waits for the open menu's caret to be on the item `text` (首页 when it opens). rc-menu moves the
 * focus on an arrow in the next animation frame, so an Enter pressed before that frame would act on
 * the item left behind: wait for the caret as a user watches it.
 */
const menuHasCaret = (page: Page, text = "首页") => expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject({ tag: "LI", text });

const accountButton = (element: HTMLElement) => element.closest("header") !== null && element.getAttribute("aria-haspopup") === "menu";

async function signIn(page: Page, mobile: string, home: string) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(mobile);
  await pane.getByPlaceholder("密码").fill("demo1234");
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === home, { timeout: 30_000 });
}

describe("the account menu by keyboard", () => {
  it("opens from the admin's top bar with Tab and Enter, and goes to 修改密码 with the arrows", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.getByRole("button", { name: /模块设置/ }).waitFor();
    await tabTo(page, accountButton);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-expanded"))).toBe("false");
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu").filter({ hasText: "退出登录" });
    await menu.waitFor();
    await menuHasCaret(page);
    await settled(page);
    expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual(["首页", "修改密码", "退出登录"]);
    await screenshot(page, "keyboard-account-menu-admin");
    // Escape closes it and leaves the caret on its button.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(`(${accountButton.toString()})(document.activeElement)`)).toBe(true);

    await page.keyboard.press("Enter");
    await menu.waitFor();
    await menuHasCaret(page);
    await page.keyboard.press("ArrowDown");
    await menuHasCaret(page, "修改密码");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/changepwd");
    await page.context().close();
  }, 120_000);

  it("takes the student to 个人信息 from the portal's top bar", async () => {
    const page = await newPage();
    await signIn(page, "13800000003", "/stuIndex");
    await tabTo(page, accountButton);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu").filter({ hasText: "个人信息" });
    await menu.waitFor();
    await menuHasCaret(page);
    await page.keyboard.press("ArrowDown");
    await menuHasCaret(page, "个人信息");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/stuIndex/userinfo");
    await page.context().close();
  });
});

describe("the caret after a dialog", () => {
  const dialog = (page: Page) => page.locator(".ant-modal-wrap:visible");

  /** Opens a dialog from `button` with Enter and waits for the caret to be in it. */
  async function openWithKeyboard(page: Page, button: ReturnType<Page["getByRole"]>) {
    await button.focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".ant-modal-wrap") != null), { timeout: 20_000 }).toBe(true);
  }

  it("returns to 修改 after Escape and after a save with Enter, however often the dialog opens", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/teacherop");
    const row = page.locator("tr[data-row-key]").first();
    const key = await row.getAttribute("data-row-key");
    const edit = row.getByRole("button", { name: /修\s*改/ });
    for (const close of ["Escape", "Escape", "Enter", "Enter"]) {
      await openWithKeyboard(page, edit);
      await page.keyboard.press(close);
      await dialog(page).waitFor({ state: "detached" });
      await expect.poll(() => focused(page), { message: `after ${close}` }).toEqual({ tag: "BUTTON", text: "修改", row: key });
    }
    await page.context().close();
  }, 180_000);

  it("returns to 添加 after the add dialog closes", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/messageop");
    const add = page.getByRole("button", { name: /添\s*加/ });
    for (let time = 0; time < 2; time++) {
      await openWithKeyboard(page, add);
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });
      await expect.poll(() => focused(page)).toMatchObject({ tag: "BUTTON", text: "添加" });
    }
    await page.context().close();
  }, 120_000);

  it("moves to the next row's 删除 when the row it deleted is gone", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/productTemplate");
    const rows = page.locator("tr[data-row-key]");
    await rows.first().waitFor();
    const [gone, next] = await Promise.all([rows.nth(0).getAttribute("data-row-key"), rows.nth(1).getAttribute("data-row-key")]);
    await rows.first().getByRole("button", { name: /删\s*除/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".ant-modal-confirm") != null), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press("Enter");
    await page.locator(`tr[data-row-key="${gone}"]`).waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toEqual({ tag: "BUTTON", text: "删除", row: next });
    await page.context().close();
  });
});
