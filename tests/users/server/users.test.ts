import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistant, student, subadmin, teacher } from "../../../resources";
import { authApi } from "../../../resources/auth/auth";
import { portalCloudDisk } from "../../../resources/kernel/menu";
import { personApi, personMessages } from "../../../resources/users/person";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { allRows, call, mobileSupply, type Row } from "./users-helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const api = (cookie: string, endpoint: Parameters<typeof call>[2], params?: Record<string, unknown>) => call(s.app, cookie, endpoint, params);
const firstMsg = async (endpoint: Parameters<typeof call>[2], params: Record<string, unknown>) => (await api(admin, endpoint, params)).body.msg;
const freshMobile = mobileSupply("1990000");

describe("validation messages, in the spec's order (1 §5)", () => {
  for (const r of [subadmin, teacher, assistant])
    it(`${r.name}: name, phone, password required, then the phone format`, async () => {
      const add = r.api.create;
      expect(await firstMsg(add, {})).toBe("请填写用户名");
      expect(await firstMsg(add, { name: "", mobile: "", passwd: "" })).toBe("请填写用户名");
      expect(await firstMsg(add, { name: "   " })).toBe("请填写用户名");
      expect(await firstMsg(add, { name: "张三" })).toBe("请填写手机号");
      expect(await firstMsg(add, { name: "张三", mobile: "", passwd: "abc123" })).toBe("请填写手机号");
      // A malformed phone waits until the password is given: the password comes first here.
      expect(await firstMsg(add, { name: "张三", mobile: "123" })).toBe("请填写默认密码");
      expect(await firstMsg(add, { name: "张三", mobile: "123", passwd: "" })).toBe("请填写默认密码");
      expect(await firstMsg(add, { name: "张三", mobile: "123", passwd: "abc123" })).toBe("请填写正确的手机号");
      expect(await firstMsg(add, { name: "张三", mobile: "23800000000", passwd: "abc123" })).toBe("请填写正确的手机号");
      expect(await firstMsg(add, { name: "张".repeat(31), mobile: freshMobile(), passwd: "abc123" })).toBe("用户名不能超过30字");
    });

  it("student: name, phone, phone format, then password", async () => {
    const add = student.api.create;
    expect(await firstMsg(add, {})).toBe("请填写用户名");
    expect(await firstMsg(add, { name: "张三" })).toBe("请填写手机号");
    expect(await firstMsg(add, { name: "张三", mobile: "" })).toBe("请填写手机号");
    expect(await firstMsg(add, { name: "张三", mobile: "123" })).toBe("请填写正确的手机号");
    expect(await firstMsg(add, { name: "张三", mobile: "123", passwd: "" })).toBe("请填写正确的手机号");
    expect(await firstMsg(add, { name: "张三", mobile: freshMobile() })).toBe("请填写默认密码");
    expect(await firstMsg(add, { name: "张三", mobile: freshMobile(), passwd: "" })).toBe("请填写默认密码");
  });

  for (const r of [subadmin, teacher, assistant, student])
    it(`${r.name} edit: name, phone, phone format`, async () => {
      const edit = r.api.update!;
      expect(await firstMsg(edit, { id: 1 })).toBe("用户名不能为空");
      expect(await firstMsg(edit, { id: 1, name: "", mobile: "" })).toBe("用户名不能为空");
      expect(await firstMsg(edit, { id: 1, name: "张三" })).toBe("手机号不能为空");
      expect(await firstMsg(edit, { id: 1, name: "张三", mobile: "" })).toBe("手机号不能为空");
      expect(await firstMsg(edit, { id: 1, name: "张三", mobile: "1380000000" })).toBe("请填写正确的手机号");
      expect(await firstMsg(edit, { name: "张三", mobile: "13800000001" })).toBe("记录编号不正确");
    });

  it("answers a bad list or delete query with a message, not a 500", async () => {
    expect((await api(admin, student.api.list, { page: 0 })).body).toMatchObject({ code: 400, msg: "页码不正确" });
    expect((await api(admin, student.api.list, { count: 101 })).body.msg).toBe("每页条数应为1-100");
    expect((await api(admin, student.api.search!, { key: "长".repeat(51) })).body.msg).toBe("搜索内容不能超过50字");
    expect((await api(admin, student.api.remove!, {})).body.msg).toBe("记录编号不正确");
    expect((await api(admin, student.api.remove!, { id: "abc" })).body.msg).toBe("记录编号不正确");
  });
});

describe("lists", () => {
  it("answer {code, data, count} with the declared columns and nothing else", async () => {
    const { body } = await api(admin, teacher.api.list, { page: 1, count: 5 });
    expect(body.code).toBe(0);
    expect(body.count).toBe(13);
    const rows = body.data as Row[];
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["Id", "Mobile", "Name", "Nick", "UpdateTime", "UserOp"]);
      expect(row.UpdateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      for (const column of teacher.columns) expect(row).toHaveProperty(column.field);
    }
    const subadmins = (await api(admin, subadmin.api.list, {})).body.data as Row[];
    expect(subadmins.map((r) => r.Name).sort()).toEqual(["吴双", "周主管"]);
    expect(Object.keys(subadmins[0]).sort()).toEqual(["Id", "Mobile", "Name", "Nick", "UpdateTime", "UserOp", "UserOpEx"]);
  });

  it("pages by count and page, newest change first, and defaults to 10 rows of page 1", async () => {
    const all = await allRows(s.app, admin, student.api.list);
    expect(all).toHaveLength(21);
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push(...((await api(admin, student.api.list, { page, count: 5 })).body.data as Row[]));
    expect(pages.map((r) => r.Id)).toEqual(all.map((r) => r.Id));
    expect(new Set(pages.map((r) => r.Id)).size).toBe(21);
    const order = [...all].sort((a, b) => b.UpdateTime.localeCompare(a.UpdateTime) || b.Id - a.Id);
    expect(all.map((r) => r.Id)).toEqual(order.map((r) => r.Id));
    const first = await api(admin, student.api.list);
    expect((first.body.data as Row[]).map((r) => r.Id)).toEqual(all.slice(0, 10).map((r) => r.Id));
    expect((await api(admin, student.api.list, { page: 9, count: 10 })).body).toMatchObject({ code: 0, data: [], count: 21 });
  });

  it("search by a fragment of the name or of the mobile", async () => {
    const byName = (await api(admin, teacher.api.search!, { key: "老师" })).body;
    expect((byName.data as Row[]).map((r) => r.Name)).toEqual(["李老师"]);
    const byTail = (await api(admin, student.api.search!, { key: "0003" })).body;
    // Both were seeded at the same moment: the later record comes first.
    expect((byTail.data as Row[]).map((r) => r.Mobile)).toEqual(["13730000003", "13800000003"]);
    // The demo students 13730000001…13730000020 share these middle digits.
    const byMiddle = (await api(admin, student.api.search!, { key: "3730000", count: 50 })).body;
    expect(byMiddle.count).toBe(20);
    expect((byMiddle.data as Row[]).every((r) => r.Mobile.includes("3730000"))).toBe(true);
    // The assistant list takes the key on its own list call.
    expect(assistant.api.search).toEqual(assistant.api.list);
    const assistants = (await api(admin, assistant.api.search!, { key: "王助" })).body;
    expect((assistants.data as Row[]).map((r) => r.Name)).toEqual(["王助教"]);
  });
});

describe("adding", () => {
  for (const r of [subadmin, teacher, assistant, student])
    it(`${r.name}: a default password follows the portal's rule, 6 to 16 characters with letters and digits`, async () => {
      const weak = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";
      const add = (passwd: string) => api(admin, r.api.create, { name: "张三", mobile: freshMobile(), passwd });
      for (const passwd of ["1", "abc12", "abcdefgh", "12345678", "x1".repeat(8) + "x"]) expect((await add(passwd)).body, passwd).toMatchObject({ code: 400, msg: weak, data: { field: "passwd" } });
      for (const passwd of ["abc123", "demo1234", "x1".repeat(8)]) expect((await add(passwd)).body.code, passwd).toBe(0);
    });

  it("creates a person with the form's password, who can sign in with it", async () => {
    const mobile = freshMobile();
    const { body } = await api(admin, teacher.api.create, { name: " 陈老师 ", mobile, passwd: "start-123", nick: "陈" });
    expect(body).toMatchObject({ code: 0, msg: "添加成功", data: { Name: "陈老师", Mobile: mobile, Nick: "陈" } });
    const cookie = await signIn(s.app, mobile, "teacher", "start-123");
    const me = (await s.app.inject({ url: authApi.userInfo.path, headers: { cookie } })).json().data;
    expect(me).toMatchObject({ mobile, type: "teacher", nickname: "陈", group: { name: "示例学校" } });
  });

  it("gives a teacher or assistant the personal cloud disk when no permissions are sent, and only cloud-disk keys otherwise", async () => {
    for (const [r, role] of [[teacher, "teacher"], [assistant, "assistant"]] as const) {
      const disk = portalCloudDisk[role];
      const plain = (await api(admin, r.api.create, { name: "甲", mobile: freshMobile(), passwd: "abc123" })).body.data as Row;
      expect(JSON.parse(plain.UserOp)).toEqual([{ label: "云盘管理", subMenus: [{ label: "个人云盘", path: disk.personal }] }]);
      const asked = JSON.stringify([{ label: "任意", subMenus: [{ label: "课程管理", path: "courseop" }, { label: "x", path: disk.org }] }]);
      const given = (await api(admin, r.api.create, { name: "乙", mobile: freshMobile(), passwd: "abc123", userop: asked })).body.data as Row;
      expect(JSON.parse(given.UserOp)).toEqual([{ label: "云盘管理", subMenus: [{ label: "机构云盘", path: disk.org }] }]);
    }
  });

  it("keeps a sub-admin's grants to the catalogue and refuses a malformed value", async () => {
    const userop = JSON.stringify([{ label: "?", subMenus: [{ label: "?", path: "studentop" }, { label: "?", path: "adminop" }, { label: "?", path: "nosuch" }] }]);
    const row = (await api(admin, subadmin.api.create, { name: "丙", mobile: freshMobile(), passwd: "abc123", userop })).body.data as Row;
    expect(JSON.parse(row.UserOp)).toEqual([{ label: "用户管理", subMenus: [{ label: "学生管理", path: "studentop" }] }]);
    expect(JSON.parse(row.UserOpEx!)).toEqual([{ label: "课程类型", subMenus: [{ label: "大班课", path: "bigClass" }] }]);
    const bad = await api(admin, subadmin.api.create, { name: "丁", mobile: freshMobile(), passwd: "abc123", userop: "{not json" });
    expect(bad.body).toMatchObject({ code: 400, msg: "权限格式不正确", data: { field: "userop" } });
  });

  it("refuses a mobile already in the role, per organisation", async () => {
    const mobile = freshMobile();
    expect((await api(admin, student.api.create, { name: "戊", mobile, passwd: "abc123" })).body.code).toBe(0);
    const again = await api(admin, student.api.create, { name: "戊", mobile, passwd: "abc123" });
    expect(again.body).toMatchObject({ code: 1, msg: "该手机号已存在", data: { field: "mobile" } });
    // Another role in the same organisation, or the same role elsewhere, is another identity.
    expect((await api(admin, teacher.api.create, { name: "戊", mobile, passwd: "abc123" })).body.code).toBe(0);
    const second = await signIn(s.app, "13900000000", "admin");
    expect((await api(second, student.api.create, { name: "戊", mobile, passwd: "abc123" })).body.code).toBe(0);
    // The main admin is already the organisation's admin; a sub-admin identity would be a second one.
    const self = await api(admin, subadmin.api.create, { name: "张校长", mobile: "13800000000", passwd: "abc123" });
    expect(self.body.msg).toBe("该手机号已存在");
  });

  it("attaches a new identity to a person who exists, and never changes that person's password", async () => {
    // A demo teacher of 示例学校, signing in with the demo password.
    const mobile = "13710000005";
    const teacherRow = ((await api(admin, teacher.api.search!, { key: mobile })).body.data as Row[])[0];
    const { body } = await api(admin, student.api.create, { name: "新名字", mobile, passwd: "other123", nick: "新昵称" });
    // The answer says the form's password was not used.
    expect(body).toMatchObject({ code: 0, msg: "添加成功，该手机号已注册，已沿用其原密码", data: { Name: "新名字", Mobile: mobile } });
    const cookie = await signIn(s.app, mobile, undefined, "demo1234");
    const ids = (await s.app.inject({ url: authApi.identities.path, headers: { cookie } })).json().data;
    expect(ids.teacher).toEqual([{ id: teacherRow.Id, name: "示例学校" }]);
    expect(ids.student).toEqual([{ id: (body.data as Row).Id, name: "示例学校" }]);
    const me = (await s.app.inject({ url: authApi.userInfo.path, headers: { cookie: await signIn(s.app, mobile, "teacher") } })).json().data;
    expect(me.nickname).toBe(teacherRow.Name);
    // The form's password is not the person's.
    const wrong = await s.app.inject({ method: "POST", url: authApi.passwordLogin.path, payload: { mobile, passwd: "other123" } });
    expect(wrong.json().code).toBe(900);
  });

  it("/adminop 快速添加 of a registered mobile (13800000001): 添加成功 says the old password stays, and it does", async () => {
    expect((await api(admin, personApi.registeredMobile, { mobile: "13800000001" })).body).toMatchObject({ code: 0, data: { registered: true } });
    const { body } = await api(admin, subadmin.api.create, { name: "李主管", mobile: "13800000001", passwd: "newpass1" });
    expect(body).toMatchObject({ code: 0, msg: `添加成功，${personMessages.passwordKept}`, data: { Mobile: "13800000001" } });
    expect(await signIn(s.app, "13800000001", "admin", "demo1234")).toBeTruthy();
    const fresh = freshMobile();
    expect((await api(admin, personApi.registeredMobile, { mobile: fresh })).body).toMatchObject({ code: 0, data: { registered: false } });
    expect((await api(admin, subadmin.api.create, { name: "新主管", mobile: fresh, passwd: "newpass1" })).body.msg).toBe("添加成功");
  });

  it("answers whether a mobile is registered only to a holder of a user list, and only for a well-formed mobile", async () => {
    expect((await api(admin, personApi.registeredMobile, { mobile: "1380000000" })).body).toMatchObject({ code: 400, msg: "请填写正确的手机号" });
    expect((await api(admin, personApi.registeredMobile, {})).body.code).not.toBe(0);
    expect((await api("", personApi.registeredMobile, { mobile: "13800000001" })).status).toBe(401);
    const asTeacher = await signIn(s.app, "13800000001", "teacher");
    expect((await api(asTeacher, personApi.registeredMobile, { mobile: "13800000003" })).status).toBe(403);
    // Sub-admin 13800000004 holds the teacher, assistant and student lists.
    const asSubadmin = await signIn(s.app, "13800000004", "admin");
    expect((await api(asSubadmin, personApi.registeredMobile, { mobile: "13800000003" })).body).toMatchObject({ code: 0, data: { registered: true } });
  });

  it("settles two simultaneous adds of one new mobile: one person, no error the caller cannot act on", async () => {
    const mobile = freshMobile();
    const same = await Promise.all([0, 1].map((n) => api(admin, student.api.create, { name: `并发${n}`, mobile, passwd: "abc123" })));
    expect(same.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(same.find((r) => r.body.code === 1)!.body.msg).toBe("该手机号已存在");
    const other = freshMobile();
    const roles = await Promise.all([teacher, student].map((r) => api(admin, r.api.create, { name: "并发", mobile: other, passwd: "abc123" })));
    expect(roles.map((r) => r.body.code)).toEqual([0, 0]);
    const cookie = await signIn(s.app, other, undefined, "abc123");
    const ids = (await s.app.inject({ url: authApi.identities.path, headers: { cookie } })).json().data;
    expect([ids.teacher.length, ids.student.length]).toEqual([1, 1]);
  });

  it("drops what the form does not carry", async () => {
    const mobile = freshMobile();
    const { body } = await api(admin, student.api.create, { name: "己", mobile, passwd: "abc123", userop: '[{"label":"x","subMenus":[{"label":"x","path":"courseop"}]}]', role: "admin", org_id: 2 });
    expect(body.data).toMatchObject({ UserOp: "[]", Mobile: mobile });
    const second = await signIn(s.app, "13900000000", "admin");
    expect((await api(second, student.api.search!, { key: mobile })).body.count).toBe(0);
  });
});

describe("changing", () => {
  it("renames, moves the record to the top, and keeps the permissions when none are sent", async () => {
    const row = (await api(admin, teacher.api.create, { name: "庚", mobile: freshMobile(), passwd: "abc123" })).body.data as Row;
    await api(admin, teacher.api.create, { name: "辛", mobile: freshMobile(), passwd: "abc123" });
    // The list orders by the last change, to the millisecond, then by the newest id: a rename in the
    // millisecond 辛 was added in would rightly stay below it. It comes in a later one.
    for (const added = Date.now(); Date.now() <= added; ) await new Promise((resolve) => setTimeout(resolve, 1));
    const { body } = await api(admin, teacher.api.update!, { id: row.Id, name: "庚改", mobile: row.Mobile });
    expect(body).toMatchObject({ code: 0, msg: "修改成功", data: { Id: row.Id, Name: "庚改", UserOp: row.UserOp } });
    const top = ((await api(admin, teacher.api.list, { count: 1 })).body.data as Row[])[0];
    expect(top.Id).toBe(row.Id);
    const granted = JSON.stringify([{ label: "云盘管理", subMenus: [{ label: "机构云盘", path: "clouddiskop" }, { label: "个人云盘", path: "teaclouddiskop" }] }]);
    const regranted = (await api(admin, teacher.api.update!, { id: row.Id, name: "庚改", mobile: row.Mobile, userop: granted })).body.data as Row;
    expect(JSON.parse(regranted.UserOp)).toEqual(JSON.parse(granted));
  });

  it("moves the mobile of a person who is only this record; the password stays", async () => {
    const mobile = freshMobile();
    const row = (await api(admin, student.api.create, { name: "壬", mobile, passwd: "pass-123" })).body.data as Row;
    const moved = freshMobile();
    expect((await api(admin, student.api.update!, { id: row.Id, name: "壬", mobile: moved })).body).toMatchObject({ code: 0, data: { Mobile: moved } });
    await signIn(s.app, moved, "student", "pass-123");
    expect((await api(admin, student.api.search!, { key: moved })).body.count).toBe(1);
    expect((await api(admin, student.api.search!, { key: mobile })).body.count).toBe(0);
  });

  it("never takes another person's mobile, nor one that other identities of the person use", async () => {
    const row = (await api(admin, student.api.create, { name: "癸", mobile: freshMobile(), passwd: "abc123" })).body.data as Row;
    const taken = await api(admin, student.api.update!, { id: row.Id, name: "癸", mobile: "13800000002" });
    expect(taken.body).toMatchObject({ code: 1, msg: "该手机号已被其他用户使用", data: { field: "mobile" } });
    // 13730000003 was added here as a student; giving their record another number would change their
    // sign-in for every organisation, so it is refused once they are also someone else.
    const bulk = ((await api(admin, student.api.search!, { key: "13730000003" })).body.data as Row[])[0];
    await api(admin, teacher.api.create, { name: bulk.Name, mobile: bulk.Mobile, passwd: "abc123" });
    const refused = await api(admin, student.api.update!, { id: bulk.Id, name: bulk.Name, mobile: freshMobile() });
    expect(refused.body.msg).toBe("该用户还有其他身份在使用原手机号，不能修改手机号");
    await signIn(s.app, bulk.Mobile, "student");
  });
});

describe("removing", () => {
  it("removes the identity, not the person", async () => {
    const mobile = freshMobile();
    const row = (await api(admin, assistant.api.create, { name: "子", mobile, passwd: "abc123" })).body.data as Row;
    await api(admin, student.api.create, { name: "子", mobile, passwd: "abc123" });
    const cookie = await signIn(s.app, mobile, "assistant", "abc123");
    expect((await api(admin, assistant.api.remove!, { id: row.Id })).body).toMatchObject({ code: 0, msg: "删除成功" });
    expect((await api(admin, assistant.api.search!, { key: mobile })).body.count).toBe(0);
    // The session loses the identity it had chosen; the person and the other identity remain.
    expect((await s.app.inject({ url: authApi.tryLogin.path, headers: { cookie } })).json().type).toBeNull();
    const ids = (await s.app.inject({ url: authApi.identities.path, headers: { cookie } })).json().data;
    expect(ids.assistant).toEqual([]);
    expect(ids.student).toHaveLength(1);
    expect((await api(admin, assistant.api.remove!, { id: row.Id })).body).toMatchObject({ code: 404, msg: "记录不存在" });
  });

  it("removes only in its own role", async () => {
    const teacherRow = ((await api(admin, teacher.api.list, { count: 1 })).body.data as Row[])[0];
    expect((await api(admin, student.api.remove!, { id: teacherRow.Id })).body.msg).toBe("记录不存在");
    expect((await api(admin, student.api.update!, { id: teacherRow.Id, name: "x", mobile: teacherRow.Mobile })).body.msg).toBe("记录不存在");
  });
});
