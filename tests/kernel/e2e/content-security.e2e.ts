import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formPages, recordPages, resources, tabbedPages } from "../../../resources";
import { portalAccountPage } from "../../../resources/portal/account";
import { thresholdForm } from "../../../resources/billing/forms";
import { readSchemaFiles } from "../../../scripts/lib/form-validators";
import { schemaFileOf } from "../../../server/plugins/schema-folder";
import { fillRoute } from "../../../src/engine/fill-route";
import { prepareForm } from "../../../src/engine/form-drawing";
import { api, closeBrowser, newPage, screenshot, signInAsAdmin } from "./browser";
import { visit } from "./in-app";

afterAll(closeBrowser);

/**
 * Every Content-Security-Policy violation the page meets: the browser's own report of it in the
 * console, and the `securitypolicyviolation` event (recorded by a script the browser injects, which
 * the policy does not govern).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

describe("the console under its Content-Security-Policy (issue 8 finding 10)", () => {
  it("signs in and shows the home, courses, students and a form with no violation", async () => {
    const page = await newPage();
    const violations = await watchViolations(page);
    const login = await page.goto("/login");
    expect(login!.headers()["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(login!.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    await signInAsAdmin(page);
    await page.waitForSelector("[data-chart-state]", { timeout: 20_000 });
    expect(await violations()).toEqual([]);
    await screenshot(page, "csp-home");

    // The first screen is a fresh load of its address (a deep link under the policy), the next one opened inside the app.
    for (const [route, title] of [["/courseop", "课程管理"], ["/studentop", "学生管理"]] as const) {
      await (route === "/courseop" ? page.goto(route) : visit(page, route));
      await page.waitForSelector(".ant-table-tbody tr.ant-table-row", { timeout: 20_000 });
      await expect.poll(() => page.locator("body").innerText()).toContain(title);
      expect(await violations(), route).toEqual([]);
      await screenshot(page, `csp-${route.slice(1)}`);
    }

    // A form dialog: its validator is compiled in the page, and it still judges the title.
    await visit(page, "/courseop");
    await page.getByRole("button", { name: /创建课程/ }).click();
    const create = page.locator(".ant-modal:visible").filter({ has: page.locator(".ant-modal-title", { hasText: "创建课程" }) });
    await create.getByPlaceholder("请输入课程名称").fill("课".repeat(31));
    await create.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => create.locator(".ant-form-item-explain-error").allInnerTexts()).toContain("课程标题不能超过30字");
    expect(await violations()).toEqual([]);
    await screenshot(page, "csp-course-form");

    // The watch sees what the policy refuses: an injected inline script does not run.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toContainEqual(expect.stringMatching(/script-src/));
  });
});

// ── every form of the console ────────────────────────────────────────────────────────────────

const files = readSchemaFiles();
const allFormIds = files.map((file) => file.$id!).filter((id) => /\.(create|edit)$/.test(id));
/** The portal's own forms (个人信息's tabs), reached by a portal person; every other form is the console's. */
const portalTabs = portalAccountPage.tabs;
const portalFormIds = portalTabs.map((tab) => tab.form.form);
const formIds = allFormIds.filter((id) => !portalFormIds.includes(id));

/** An invalid value for a form and the words its schema gives for it. */
interface Probe {
  field: string;
  value: string;
  message: string;
}

/**
 * The form's first plain text field with a length limit worded in its schema, over that limit; a
 * form with none names its own probe below.
 */
function lengthProbe(id: string): Probe | undefined {
  const uiFile = schemaFileOf(id, ".ui.json");
  const ui = (uiFile ? JSON.parse(fs.readFileSync(uiFile, "utf8")) : {}) as Record<string, Record<string, unknown> | undefined>;
  const { schema } = prepareForm(files.find((file) => file.$id === id)!, ui, files);
  const properties = Object.entries(schema.properties ?? {}) as [string, { type?: string; maxLength?: number; errorMessage?: { maxLength?: string } }][];
  const [field, rule] = properties.find(([name, p]) => p.type === "string" && p.maxLength && p.errorMessage?.maxLength && !ui[name]?.["ui:widget"]) ?? [];
  return field && rule ? { field, value: "课".repeat(rule.maxLength! + 1), message: rule.errorMessage!.maxLength! } : undefined;
}

/** Probes of the forms whose fields have no worded length limit. */
const ownProbes: Record<string, Probe> = {
  "message.create": { field: "msg", value: " ", message: "请输入消息内容" },
  "live-audience.edit": { field: "initnum", value: "", message: "请输入人数基数" },
  "portal.passwd.edit": { field: "new_passwd", value: "abcdef", message: "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！" },
};

/** A form's save button: its declaration's words (设置, 保存, 查看), 确定 when it names none. */
const declaredForms = [
  ...formPages,
  thresholdForm,
  ...tabbedPages.flatMap((page) => page.tabs.map((tab) => tab.form)),
  ...recordPages.flatMap((page) => page.fields.flatMap((field) => (field.dialog ? [field.dialog.form] : []))),
];
const submitOf = (id: string) => {
  const words = [...(declaredForms.find((decl) => decl.form === id)?.submit ?? "确定")];
  return new RegExp(`^${words.join("\\s*")}$`);
};

/** The form on screen: the dialog's when one is open, else the page's. */
const openForm = (page: Page): Locator => page.locator(".ant-modal:visible, .ant-layout-content").filter({ has: page.locator(".engine-form") }).last();

const firstRow = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row").first();

async function moreMenu(page: Page, row: Locator, item: string) {
  await row.getByRole("button", { name: /更多操作/ }).click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: item }).click();
}

/**
 * A live of a double-teacher course and the course (its sub-classes and main classrooms): one still
 * active, since another file voids the course's first live and a voided row offers no settings.
 */
async function masterLive(page: Page) {
  const [course] = await api<{ Id: number; Title: string }[]>(page, `/cms/course?title=${encodeURIComponent("双师语文阅读")}&page=1&count=1`);
  const lives = await api<{ Id: number; Title: string; Status: number }[]>(page, `/cms/masterlive?courseid=${course.Id}&page=1&count=10`);
  const live = lives.find((one) => one.Status === 1);
  if (!live) throw new Error("双师语文阅读 has no active main classroom on its first page");
  return { course, live };
}

/**
 * The row of a double-teacher course's main classroom on /liveCourse: active, and not a small class
 * (人数基数 is not offered there).
 */
async function masterLiveRow(page: Page): Promise<Locator> {
  const { course, live } = await masterLive(page);
  await visit(page, `/liveCourse?courseId=${course.Id}&courseName=${encodeURIComponent(course.Title)}`);
  return page.locator(".ant-table-tbody tr.ant-table-row", { has: page.getByText(live.Title, { exact: true }) }).first();
}

/** The whitelist list of a live, from its row's 验证方式 drawer (2 §2). */
async function whitelistOf(page: Page): Promise<Locator> {
  await moreMenu(page, await masterLiveRow(page), "验证方式");
  const drawer = page.locator(".ant-drawer").filter({ hasText: "设置验证方式" });
  await drawer.getByText("白名单", { exact: true }).click();
  return page.locator(".ant-modal:visible").filter({ hasText: "白名单列表" });
}

/** How a person reaches each form: resource forms from their declaration, the bespoke ones by hand. */
const openers: Record<string, (page: Page) => Promise<void>> = {
  "live.create": async (page) => {
    const [course] = await api<{ Id: number; Type: number }[]>(page, "/cms/course?page=1&count=1");
    await visit(page, `/createLive?courseId=${course.Id}&courseType=${course.Type}`);
  },
  "live.edit": async (page) => {
    const live = resources.find((decl) => decl.name === "live")!;
    const [row] = await api<Record<string, unknown>[]>(page, `${live.api.list!.path}?page=1&count=1`);
    await visit(page, fillRoute("/changeLive?liveId={Id}&courseType={CourseType}&courseId={CourseId}", row));
  },
  "group-config.edit": async (page) => {
    await visit(page, "/liveSetting");
  },
  "chgpasswd.edit": async (page) => {
    await visit(page, "/changepwd");
  },
  "recharge.pay.create": async (page) => {
    await visit(page, "/recharge");
  },
  "balance-alert.edit": async (page) => {
    await visit(page, "/accountOverview");
  },
  "notify-person.create": async (page) => {
    await visit(page, "/accountOverview");
    await page.locator(".ant-card", { hasText: "通知人数" }).getByRole("button", { name: /^设\s*置$/ }).click();
    await page.locator(".ant-modal:visible").getByRole("button", { name: /添\s*加/ }).click();
  },
  "certification.edit": async (page) => {
    await visit(page, "/groupCertification");
  },
  "filter-words.edit": async (page) => {
    await visit(page, "/filterWords");
  },
  "smart-reminder.edit": async (page) => {
    await visit(page, "/smartTeaService");
  },
  "push-config.edit": async (page) => {
    await visit(page, "/pushDataOp");
  },
  "appid.key.edit": async (page) => {
    await visit(page, "/appidop");
    await page.getByRole("button", { name: /^查\s*看$/ }).click();
  },
  "appid.reset.edit": async (page) => {
    await visit(page, "/appidop");
    await page.getByRole("button", { name: /^重\s*置$/ }).click();
  },
  "live-audience.edit": async (page) => {
    await moreMenu(page, await masterLiveRow(page), "人数基数");
  },
  "sub-live.create": async (page) => {
    const { course, live } = await masterLive(page);
    await visit(page, `/subLiveManager?masterLiveId=${live.Id}&courseId=${course.Id}`);
    await page.getByRole("button", { name: /添加子班级/ }).click();
  },
  "sub-live.edit": async (page) => {
    const { course, live } = await masterLive(page);
    await visit(page, `/subLiveManager?masterLiveId=${live.Id}&courseId=${course.Id}`);
    await firstRow(page).getByRole("button", { name: "修改" }).click();
  },
  "whitelist.create": async (page) => {
    await (await whitelistOf(page)).getByRole("button", { name: /添\s*加/ }).click();
  },
  "whitelist.edit": async (page) => {
    const list = await whitelistOf(page);
    const change = list.getByRole("button", { name: /^修改/ }).first();
    const empty = list.getByText("还没有白名单");
    // The list shows its entries or says it has none once its page has come: wait for either.
    await change.or(empty).first().waitFor();
    // A live's whitelist starts empty: one entry is added first, as a person would.
    if (await empty.isVisible()) {
      await list.getByRole("button", { name: /添\s*加/ }).click();
      const add = openForm(page);
      await add.locator("#root_username").fill("csp-check");
      await add.locator("#root_password").fill("csp-check-1");
      await add.getByRole("button", { name: /确\s*定/ }).click();
    }
    await change.click();
  },
};
for (const decl of resources) {
  if (decl.forms.create && !(decl.forms.create in openers))
    openers[decl.forms.create] = async (page) => {
      await visit(page, decl.route);
      // The toolbar's add button (its icon's name before it), not 快速添加.
      await page.getByRole("button", { name: new RegExp(`(^|\\s)${decl.addLabel ?? "添加"}$`) }).click();
    };
  if (decl.forms.edit && !(decl.forms.edit in openers))
    openers[decl.forms.edit] = async (page) => {
      await visit(page, decl.route);
      await firstRow(page).getByRole("button", { name: "修改", exact: true }).click();
    };
}

describe("every form of the console under the strict CSP (issue 16 item 2.6)", () => {
  // One signed-in page for all forms, each opened inside the app (a fresh load only where the last form was on the same path).
  let page: Page;
  let violations: () => Promise<string[]>;
  beforeAll(async () => {
    page = await newPage();
    violations = await watchViolations(page);
    await signInAsAdmin(page);
  });

  it("knows how to reach every form of schemas/", () => {
    expect([...Object.keys(openers), ...portalFormIds].sort()).toEqual([...allFormIds].sort());
  });

  it.each(formIds)("%s opens with no violation and judges an invalid value in its schema's words", async (id) => {
    const seen = (await violations()).length;
    await openers[id](page);
    const form = openForm(page);
    await form.locator(".engine-form .ant-form-item").first().waitFor({ timeout: 20_000 });
    const probe = ownProbes[id] ?? lengthProbe(id);
    if (probe) {
      await form.locator(`#root_${probe.field}`).fill(probe.value);
      // The form's own button comes first (the overview's 设置 of its recipients follows the threshold's).
      await form.getByRole("button", { name: submitOf(id) }).first().click();
      await expect.poll(() => form.locator(".ant-form-item-explain-error").allInnerTexts(), { timeout: 15_000 }).toContain(probe.message);
    }
    expect((await violations()).slice(seen), id).toEqual([]);
    await screenshot(page, `csp-form-${id}`);
  });
});

describe("the portal's forms under the strict CSP", () => {
  let page: Page;
  let violations: () => Promise<string[]>;
  beforeAll(async () => {
    page = await newPage();
    violations = await watchViolations(page);
    await page.goto("/login");
    const pane = page.locator("[role=tabpanel]:not([hidden])");
    await pane.getByPlaceholder("手机号").fill("13800000003");
    await pane.getByPlaceholder("密码").fill("demo1234");
    await pane.getByRole("button", { name: /登\s*录/ }).click();
    await page.waitForURL((u) => u.pathname === "/stuIndex", { timeout: 20_000 });
  });

  it.each(portalTabs.map((tab) => [tab.form.form, tab] as const))("%s opens with no violation and judges an invalid value in its schema's words", async (id, tab) => {
    const seen = (await violations()).length;
    await visit(page, `/stuIndex/userinfo?tab=${tab.key}`);
    const form = page.locator(`#${tab.form.name}`);
    await form.locator(".engine-form .ant-form-item").first().waitFor({ timeout: 20_000 });
    const probe = ownProbes[id] ?? lengthProbe(id);
    if (probe) {
      await form.locator(`#root_${probe.field}`).fill(probe.value);
      await form.getByRole("button", { name: tab.form.submit }).click();
      await expect.poll(() => form.locator(".ant-form-item-explain-error").allInnerTexts(), { timeout: 15_000 }).toContain(probe.message);
    }
    expect((await violations()).slice(seen), id).toEqual([]);
    await screenshot(page, `csp-form-${id}`);
  });
});
