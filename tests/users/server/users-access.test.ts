import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistant, student, subadmin, teacher } from "../../../resources";
import { authApi } from "../../../resources/auth/auth";
import { cookieOf, signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { allRows, call, mobileSupply, type Row } from "./users-helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const api = (cookie: string, endpoint: Parameters<typeof call>[2], params?: Record<string, unknown>) => call(s.app, cookie, endpoint, params);
const freshMobile = mobileSupply("1991000");

describe("tenancy", () => {
  it("keeps each organisation to its own people", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    const theirs = await allRows(s.app, second, teacher.api.list);
    const ours = await allRows(s.app, admin, teacher.api.list);
    expect(theirs.some((r) => ours.some((o) => o.Id === r.Id))).toBe(false);
    expect(theirs.map((r) => r.Mobile)).toContain("13800000009");
    const target = ours.find((r) => r.Name === "李老师")!;
    expect((await api(second, teacher.api.search!, { key: "李老师" })).body.count).toBe(0);
    expect((await api(second, teacher.api.search!, { key: target.Mobile })).body.count).toBe(0);
    const edit = await api(second, teacher.api.update!, { id: target.Id, name: "被改", mobile: target.Mobile });
    expect(edit.body).toMatchObject({ code: 404, msg: "记录不存在" });
    expect((await api(second, teacher.api.remove!, { id: target.Id })).body).toMatchObject({ code: 404, msg: "记录不存在" });
    const still = (await api(admin, teacher.api.search!, { key: "李老师" })).body.data as Row[];
    expect(still).toEqual([target]);
  });
});

// Every declared call's 401 and 403 (no session, portal roles, sub-admins without the key, the
// main-admin-only sub-admins) is checked for every resource in access.test.ts; here, what is the
// person families' own: the session check before a dialog and the demo accounts' grants.
describe("permissions", () => {
  it("checks the admin session before an add or edit dialog", async () => {
    expect((await api("", authApi.interCheck)).status).toBe(401);
    expect((await api(admin, authApi.interCheck)).body).toMatchObject({ code: 0 });
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const)
      expect((await api(await signIn(s.app, mobile, type), authApi.interCheck)).status).toBe(403);
  });

  it("lets sub-admin 13800000004 manage teachers, assistants and students, but not sub-admins", async () => {
    const cookie = await signIn(s.app, "13800000004", "admin");
    for (const r of [teacher, assistant, student]) expect((await api(cookie, r.api.list)).body.code).toBe(0);
    const added = await api(cookie, student.api.create, { name: "主管加的", mobile: freshMobile(), passwd: "abc123" });
    expect(added.body.code).toBe(0);
    expect((await api(cookie, subadmin.api.list)).status).toBe(403);
    expect((await api(cookie, authApi.interCheck)).body.code).toBe(0);
  });

  it("follows 13800000009's identities: a sub-admin with grants in one school, a teacher in the other", async () => {
    const asSubadmin = await signIn(s.app, "13800000009", "admin");
    for (const r of [teacher, assistant, student]) expect((await api(asSubadmin, r.api.list)).body.code).toBe(0);
    expect((await api(asSubadmin, subadmin.api.list)).status).toBe(403);
    const asTeacher = await signIn(s.app, "13800000009", "teacher");
    for (const r of [subadmin, teacher, assistant, student]) expect((await api(asTeacher, r.api.list)).status).toBe(403);
  });

  it("applies a sub-admin's grants as they change", async () => {
    const mobile = freshMobile();
    const onlyTeachers = JSON.stringify([{ label: "用户管理", subMenus: [{ label: "老师管理", path: "teacherop" }] }]);
    const row = (await api(admin, subadmin.api.create, { name: "限权", mobile, passwd: "abc123", userop: onlyTeachers })).body.data as Row;
    const cookie = await signIn(s.app, mobile, "admin", "abc123");
    expect((await api(cookie, teacher.api.list)).body.code).toBe(0);
    expect((await api(cookie, student.api.list)).status).toBe(403);
    const both = JSON.stringify([{ label: "用户管理", subMenus: [{ label: "老师管理", path: "teacherop" }, { label: "学生管理", path: "studentop" }] }]);
    await api(admin, subadmin.api.update!, { id: row.Id, name: "限权", mobile, userop: both });
    expect((await api(cookie, student.api.list)).body.code).toBe(0);
  });
});

describe("the person calls", () => {
  it("refuse cross-site writes like every other call", async () => {
    const res = await s.app.inject({
      method: "POST",
      url: student.api.create.path,
      payload: { name: "x", mobile: freshMobile(), passwd: "abc123" },
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(cookieOf(res)).toBe("");
  });
});
