import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatorApi, type RegistrationField, type ValidatorSettings } from "../../../resources/lives/live-api";
import { defaultValidatorSettings, phoneField, validatorMessages, validatorTokenTool } from "../../../resources/lives/live-validator";
import { savePermissions } from "../../../resources/kernel/menu";
import { toolApi } from "../../../resources/tools/tools";
import { signToolToken, tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { askToken, orgLives, serviceCall, tokenFor } from "./verification-helpers";

let s: TestServer;
let admin: string;
let second: string;
let ours: Awaited<ReturnType<typeof orgLives>>;
let theirs: Awaited<ReturnType<typeof orgLives>>;
let live: number;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  second = await signIn(s.app, "13900000000", "admin");
  ours = await orgLives(s, "示例学校");
  theirs = await orgLives(s, "第二学校");
  live = ours.active[0];
  token = await tokenFor(s.app, admin, live);
});
afterAll(() => s.close());

const get = (roomid = live, t = token, cookie = admin) => serviceCall<ValidatorSettings | null>(s.app, cookie, validatorApi.get, { roomid, token: t });
const save = (body: unknown, roomid = live, t = token) => serviceCall<ValidatorSettings>(s.app, admin, validatorApi.save, { roomid, token: t }, body);

const settings = (change: Partial<ValidatorSettings> = {}): ValidatorSettings => ({ ...defaultValidatorSettings, ...change });
const field = (change: Partial<RegistrationField>): RegistrationField => ({ formaDataType: 3, name: "姓名", placeholder: "", required: false, checkList: [], isPhone: false, ...change });
const registration = (...fields: RegistrationField[]): ValidatorSettings => settings({ extra: { isRecord: 2, data: [phoneField, ...fields] } });

/** Gives the demo sub-admin 13800000004 exactly these menu keys. */
async function grant(keys: string[]) {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely
    .updateTable("identities")
    .set({ userop: JSON.stringify(savePermissions(keys)) })
    .where("person_id", "=", person.id)
    .where("role", "=", "subadmin")
    .execute();
}

describe("GET /cms/liveiframetoken", () => {
  it("gives a token for the organisation's active live, and refuses another organisation's live or a voided one", async () => {
    const answer = await askToken(s.app, admin, live);
    expect(answer.body).toMatchObject({ code: 0, data: { liveid: live, expires_in: 1800 } });
    expect(answer.body.data.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await askToken(s.app, admin, theirs.active[0])).body).toMatchObject({ code: 400, msg: validatorMessages.liveMissing });
    expect((await askToken(s.app, admin, ours.voided[0])).body).toMatchObject({ code: 400, msg: validatorMessages.liveMissing });
    expect((await askToken(s.app, admin, "x")).body).toMatchObject({ code: 400, msg: "直播编号不正确" });
    expect((await askToken(s.app, admin, 0)).body).toMatchObject({ code: 400, msg: "直播编号不正确" });
  });

  it("is refused without a session, to portal roles, and to a sub-admin holding neither liveop nor courseop", async () => {
    expect((await askToken(s.app, "", live)).status).toBe(401);
    expect((await askToken(s.app, await signIn(s.app, "13800000001", "teacher"), live)).body.code).toBe(403);
    const sub = await signIn(s.app, "13800000004", "admin");
    await grant(["teacherop", "studentop"]);
    expect((await askToken(s.app, sub, live)).body).toMatchObject({ code: 403, msg: "拒绝访问" });
    // Both lists whose rows open the drawer: the organisation's lives and a course's.
    await grant(["liveop"]);
    expect((await askToken(s.app, sub, live)).body.code).toBe(0);
    await grant(["courseop"]);
    expect((await askToken(s.app, sub, live)).body.code).toBe(0);
  });

  it("cannot be had from the tool token call", async () => {
    const res = await s.app.inject({ method: "POST", url: toolApi.token.path, headers: { cookie: admin }, payload: { tool: validatorTokenTool } });
    expect(res.json()).toMatchObject({ code: 400, msg: "工具名称不正确" });
  });
});

describe("the validator service's token", () => {
  const refused = { code: 401, msg: validatorMessages.tokenRefused };

  it("is bound to its live: another live of the same organisation is refused", async () => {
    expect((await get()).body.code).toBe(0);
    const other = ours.active[1];
    expect((await get(other)).body).toMatchObject(refused);
    expect((await get(other)).status).toBe(401);
  });

  it("is bound to its organisation and identity: another school's admin cannot use it, nor ours theirs", async () => {
    const theirToken = await tokenFor(s.app, second, theirs.active[0]);
    expect((await get(theirs.active[0], theirToken, admin)).body).toMatchObject(refused);
    expect((await get(live, token, second)).body).toMatchObject(refused);
    await grant(["liveop"]);
    const sub = await signIn(s.app, "13800000004", "admin");
    expect((await get(live, token, sub)).body).toMatchObject(refused);
  });

  it("refuses an expired, a tampered, a foreign-key and a tool token", async () => {
    const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
    const [body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const expired = signToolToken(key, { orgId: claims.orgId, identityId: claims.identityId, tool: validatorTokenTool, bind: { live } }, Date.now() - 31 * 60_000);
    expect((await get(live, expired.token)).body).toMatchObject(refused);
    const forged = Buffer.from(JSON.stringify({ ...claims, bind: { live: ours.active[1] } })).toString("base64url");
    expect((await get(ours.active[1], `${forged}.${signature}`)).body).toMatchObject(refused);
    expect((await get(live, `${body}.${signature.slice(0, -2)}AA`)).body).toMatchObject(refused);
    const foreign = signToolToken(Buffer.from("another key of thirty-two chars!"), { orgId: claims.orgId, identityId: claims.identityId, tool: validatorTokenTool, bind: { live } });
    expect((await get(live, foreign.token)).body).toMatchObject(refused);
    const tool = signToolToken(key, { orgId: claims.orgId, identityId: claims.identityId, tool: "emulive" });
    expect((await get(live, tool.token)).body).toMatchObject(refused);
    const noSubject = signToolToken(key, { orgId: claims.orgId, identityId: claims.identityId, tool: validatorTokenTool });
    expect((await get(live, noSubject.token)).body).toMatchObject(refused);
  });

  it("is asked for in the query, after the session and the menu key", async () => {
    expect((await serviceCall(s.app, admin, validatorApi.get, { roomid: live })).body).toMatchObject({ code: 400, msg: "token无效或已过期" });
    expect((await serviceCall(s.app, admin, validatorApi.get, { token })).body).toMatchObject({ code: 400, msg: "直播编号不正确" });
    expect((await serviceCall(s.app, "", validatorApi.get, { roomid: live, token })).status).toBe(401);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await serviceCall(s.app, teacher, validatorApi.get, { roomid: live, token })).body.code).toBe(403);
  });
});

describe("validator settings", () => {
  it("answers null until saved; the default of 2 §4 is saved and read back", async () => {
    const fresh = ours.active[2];
    const t = await tokenFor(s.app, admin, fresh);
    expect((await get(fresh, t)).body).toMatchObject({ code: 0, data: null, content: null });
    const saved = await save(defaultValidatorSettings, fresh, t);
    expect(saved.body).toMatchObject({ code: 0, msg: "保存成功!", content: defaultValidatorSettings });
    expect((await get(fresh, t)).body.content).toEqual(defaultValidatorSettings);
  });

  it("keeps the password only for the single-password method", async () => {
    await save(settings({ check: 3, password: "abc123" }));
    expect((await get()).body.content).toMatchObject({ check: 3, password: "abc123" });
    await save(settings({ check: 2, password: "abc123" }));
    expect((await get()).body.content).toMatchObject({ check: 2, password: "" });
  });

  it("stores a registration form with the phone field first and choice fields with options", async () => {
    const form = registration(field({ name: "姓名", required: true }), field({ formaDataType: 5, name: "年级", checkList: ["高一", "高二"] }), field({ formaDataType: 6, name: "兴趣", checkList: ["数学"] }));
    expect((await save(form)).body.code).toBe(0);
    expect((await get()).body.content).toEqual(form);
  });

  it("records each save in the audit log, never the password", async () => {
    await save(settings({ check: 3, password: "secret-pass" }));
    const rows = await s.db.kysely.selectFrom("audit_log").select(["action", "diff"]).where("resource", "=", "liveValidator").where("record_id", "=", live).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.diff.includes("secret-pass"))).toBe(false);
  });

  it.each([
    ["an unknown method", settings({ check: 4 as never }), "请选择验证方式"],
    ["no method", { ...settings(), check: undefined }, "请选择验证方式"],
    ["single password without a password", settings({ check: 3, password: "" }), "请输入验证密码"],
    ["single password of spaces", settings({ check: 3, password: "   " }), "请输入验证密码"],
    ["single password with none sent", { ...settings({ check: 3 }), password: undefined }, "请输入验证密码"],
    ["a password past 64 characters", settings({ check: 3, password: "x".repeat(65) }), "验证密码不能超过64字"],
    ["a logo that is no address", settings({ logo_url: "javascript:alert(1)" }), "Logo地址不正确"],
    ["a cover that is no address", settings({ poster: "not a url" }), "封面地址不正确"],
    ["an introduction past 100,000 characters", settings({ desc: "x".repeat(100_001) }), "活动介绍内容过长"],
    ["a registration switch of 3", settings({ extra: { isRecord: 3 as never, data: [] } }), "报名登记设置不正确"],
    ["registration on without fields", settings({ extra: { isRecord: 2, data: [] } }), "开启报名登记时需包含手机号"],
    ["registration on with a nameless field", registration(field({ name: "" })), "请完善信息名称"],
    ["registration on with a blank name", registration(field({ name: "  " })), "请完善信息名称"],
    ["registration on with a nameless phone field", settings({ extra: { isRecord: 2, data: [{ ...phoneField, name: "" }] } }), "请完善信息名称"],
    ["a choice without options", registration(field({ formaDataType: 5, name: "年级", checkList: [] })), "内容不能为空"],
    ["a choice with an empty option", registration(field({ formaDataType: 6, name: "兴趣", checkList: ["数学", " "] })), "内容不能为空"],
    ["a name past 20 characters", registration(field({ name: "名".repeat(21) })), "信息名称不能超过20字"],
    ["a first field that is not the phone", settings({ extra: { isRecord: 2, data: [field({})] } }), "手机号必须是第一项且必填"],
    ["a phone field that is not required", settings({ extra: { isRecord: 2, data: [{ ...phoneField, required: false }] } }), "手机号必须是第一项且必填"],
    ["a second phone field", registration({ ...phoneField }), "手机号只能是第一项"],
    ["an unknown field type", registration(field({ formaDataType: 7 as never })), "信息类型不正确"],
    ["21 fields", registration(...Array.from({ length: 20 }, (_, i) => field({ name: `项${i}` }))), "登记信息最多20项"],
    ["21 options", registration(field({ formaDataType: 5, name: "年级", checkList: Array.from({ length: 21 }, (_, i) => `选项${i}`) })), "选项最多20个"],
  ])("refuses %s", async (_, body, msg) => {
    const before = (await get()).body.content;
    expect((await save(body)).body).toMatchObject({ code: 400, msg });
    expect((await get()).body.content).toEqual(before);
  });

  it("gives the name message before the options message, as the form asks them in that order", async () => {
    const body = registration(field({ formaDataType: 5, name: "年级", checkList: [] }), field({ name: "" }));
    expect((await save(body)).body).toMatchObject({ code: 400, msg: "请完善信息名称" });
  });

  it("keeps a nameless field while registration is off (the designer is hidden then)", async () => {
    const off = settings({ extra: { isRecord: 1, data: [phoneField, field({ name: "", formaDataType: 5 })] } });
    expect((await save(off)).body.code).toBe(0);
    expect((await get()).body.content).toEqual(off);
  });
});

describe("the introduction's HTML", () => {
  const stored = async (desc: string) => {
    const answer = await save(settings({ desc }));
    expect(answer.body.code).toBe(0);
    return ((await get()).body.content as ValidatorSettings).desc;
  };

  it("keeps what the editor writes", async () => {
    const html =
      '<h2>课程介绍</h2><p>欢迎<strong>参加</strong><em>直播</em><u>活动</u><s>旧</s><code>x</code></p><ul><li><p>一</p></li></ul><ol start="2"><li><p>二</p></li></ol>' +
      '<blockquote><p>引用</p></blockquote><pre><code>code</code></pre><hr /><p>换行<br />后</p><img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="图" /><img src="https://cdn.example.com/a.png" />' +
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">链接</a></p>';
    expect(await stored(html)).toBe(html);
  });

  it("removes scripts, styles, svg, textarea, xmp, event handlers and script URLs", async () => {
    const desc = await stored(
      '<p onclick="alert(1)" style="color:red">a<script>alert(1)</script></p><img src="x.png" onerror="alert(2)"><img src="javascript:alert(3)">' +
        '<a href="javascript:alert(4)">b</a><a href="JaVaScRiPt&#58;alert(5)">c</a><svg onload="alert(6)"><script>alert(7)</script></svg>' +
        '<textarea><img src=x onerror=alert(8)></textarea><xmp><script>alert(9)</script></xmp><style>p{}</style><iframe src="https://x"></iframe>' +
        '<img src="data:image/png;base64,AAAA"><img src="http://plain.example/a.png"><img src="//evil.example/a.png"><math><mi>x</mi></math>',
    );
    expect(desc).not.toMatch(/script|onerror|onclick|onload|style|svg|textarea|xmp|iframe|javascript|data:|math|http:|evil/i);
    expect(desc).toContain("<p>a</p>");
    expect(desc).toContain('<img src="x.png" />');
    expect(desc).toContain("b</a>");
  });
});
