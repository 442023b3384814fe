import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistant, resources, student, subadmin, teacher } from "../../resources";
import { authApi } from "../../resources/auth";
import { cookieOf, signIn, startSignedIn, type TestServer } from "./helpers";
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

describe("permissions", () => {
  const everyCall = (r: (typeof resources)[number]) => [
    [r.api.list, {}],
    [r.api.search ?? r.api.list, { key: "a" }],
    [r.api.create, { name: "x", mobile: "13999999999", passwd: "abc123" }],
    [r.api.update, { id: 1, name: "x", mobile: "13999999999" }],
    [r.api.remove, { id: 999_999 }],
  ] as const;

  it("answers 401 without a session, before looking at the payload", async () => {
    for (const r of resources)
      for (const [endpoint] of everyCall(r)) {
        const res = await api("", endpoint!, {});
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(401);
      }
    expect((await api("", authApi.interCheck)).status).toBe(401);
    expect((await api(admin, authApi.interCheck)).body).toMatchObject({ code: 0 });
  });

  it("refuses teachers, assistants and students everywhere", async () => {
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const) {
      const cookie = await signIn(s.app, mobile, type);
      for (const r of resources)
        for (const [endpoint, params] of everyCall(r)) {
          const res = await api(cookie, endpoint!, params);
          expect([res.status, res.body]).toEqual([403, { code: 403, data: null, msg: "拒绝访问" }]);
        }
      expect((await api(cookie, authApi.interCheck)).status).toBe(403);
    }
  });

  it("lets sub-admin 13800000004 manage teachers, assistants and students, but not sub-admins", async () => {
    const cookie = await signIn(s.app, "13800000004", "admin");
    for (const r of [teacher, assistant, student]) expect((await api(cookie, r.api.list)).body.code).toBe(0);
    const added = await api(cookie, student.api.create, { name: "主管加的", mobile: freshMobile(), passwd: "abc123" });
    expect(added.body.code).toBe(0);
    for (const [endpoint, params] of everyCall(subadmin)) {
      const res = await api(cookie, endpoint!, params);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, msg: "拒绝访问" });
    }
    expect((await api(cookie, authApi.interCheck)).body.code).toBe(0);
  });

  it("follows 13800000009's identities: a sub-admin with grants in one school, a teacher in the other", async () => {
    const asSubadmin = await signIn(s.app, "13800000009", "admin");
    for (const r of [teacher, assistant, student]) expect((await api(asSubadmin, r.api.list)).body.code).toBe(0);
    expect((await api(asSubadmin, subadmin.api.list)).status).toBe(403);
    const asTeacher = await signIn(s.app, "13800000009", "teacher");
    for (const r of resources) expect((await api(asTeacher, r.api.list!)).status).toBe(403);
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

describe("the declared endpoints", () => {
  it("are all served and published in the OpenAPI document", async () => {
    const doc = (await s.app.inject({ url: "/api/docs/json" })).json();
    for (const r of resources)
      for (const endpoint of Object.values(r.api).filter((e) => e !== undefined))
        expect(doc.paths[endpoint.path], endpoint.path).toHaveProperty(endpoint.method.toLowerCase());
    expect(doc.paths[authApi.interCheck.path]).toHaveProperty("get");
  });

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
