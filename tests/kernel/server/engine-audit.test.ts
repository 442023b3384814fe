import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { auditLog, message, productTemplate, teacher } from "../../../resources";
import { auditApi } from "../../../resources/platform/audit-log";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { recordAudit } from "../../../server/engine/audit";
import { orgScope } from "../../../server/engine/org-scope";
import { signIn, startSignedIn, type TestServer } from "./helpers";
import { call } from "../../users/server/users-helpers";
import { freezeClock } from "../support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

type Rec = Record<string, unknown>;
/** A product template's fields as its calls carry them (2 §7): JSON text in `product`, `id` beside it. */
const onWire = (endpoint: Endpoint | undefined, params: Rec): Rec => {
  if (endpoint !== productTemplate.api.create && endpoint !== productTemplate.api.update) return params;
  const { id, ...fields } = params;
  return { product: JSON.stringify(fields), ...(id === undefined ? {} : { id }) };
};
const api = async (cookie: string, endpoint: Endpoint | undefined, params: Rec = {}) => (await call(s.app, cookie, endpoint!, onWire(endpoint, params))).body;
const history = (cookie: string, resource: string, id: unknown) => api(cookie, auditApi.history, { resource, id });
const auditRows = async () => Number((await s.db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const product = { productname: "显微镜", productdetailurl: "https://example.com/m", productdesc: "高倍", productid: "scope-1" };

describe("the audit log", () => {
  it("records create, update and remove with the changed fields, newest first in the record's history", async () => {
    const created = (await api(admin, productTemplate.api.create, product)).data as Rec;
    await api(admin, productTemplate.api.update, { id: created.Id, ...product, productname: "双目显微镜" });
    // A save that changes nothing is not a change.
    await api(admin, productTemplate.api.update, { id: created.Id, ...product, productname: "双目显微镜" });
    await api(admin, productTemplate.api.remove, { id: created.Id });
    const body = await history(admin, "productTemplate", created.Id);
    expect(body.code).toBe(0);
    expect(body.count).toBe(3);
    const rows = body.data as Rec[];
    expect(rows.map((r) => r.Action)).toEqual(["remove", "update", "create"]);
    expect(rows[1]).toMatchObject({ ActorName: "张校长", Resource: "productTemplate", RecordId: created.Id });
    expect(rows[1].CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.parse(String(rows[1].Diff))).toEqual({ before: { "Product.productname": "显微镜" }, after: { "Product.productname": "双目显微镜" } });
    expect(JSON.parse(String(rows[2].Diff)).after).toMatchObject({ Id: created.Id, "Product.productid": "scope-1" });
    expect(JSON.parse(String(rows[0].Diff))).toMatchObject({ before: { "Product.productname": "双目显微镜" }, after: {} });
  });

  it("writes no row for a refused write, nor for a transaction that fails after the row", async () => {
    const before = await auditRows();
    expect((await api(admin, productTemplate.api.create, { ...product, productid: "1700000000001" })).code).toBe(1);
    expect((await api(admin, productTemplate.api.remove, { id: 999999 })).code).toBe(404);
    const request = { auth: { identity: { id: 1, orgId: 1, role: "admin", type: "admin", name: "x", userop: "[]", useropex: "[]" } } } as unknown as FastifyRequest;
    await expect(
      orgScope(request, s.db).transaction(async (tx) => {
        await recordAudit(tx, { resource: "message", recordId: 1, action: "create", after: { Msg: "a" } });
        throw new Error("the write failed after its audit row");
      }),
    ).rejects.toThrow("failed");
    expect(await auditRows()).toBe(before);
  });

  it("answers a record's history only to whoever holds the resource's key, and only in its organisation", async () => {
    const { data } = await api(admin, message.api.create, { msg: "历史" });
    const id = (data as Rec).Id;
    const userAdmin = await signIn(s.app, "13800000004", "admin");
    expect(await history(userAdmin, "message", id)).toMatchObject({ code: 403 });
    expect(await history(userAdmin, "message", "x")).toMatchObject({ code: 403 });
    expect((await history(userAdmin, "teacher", 1)).code).toBe(0);
    expect(await history(admin, "nothing", id)).toMatchObject({ code: 400, msg: "资源不正确" });
    expect(await history("", "message", id)).toMatchObject({ code: 401 });
    const other = await signIn(s.app, "13900000000", "admin");
    expect(await history(other, "message", id)).toMatchObject({ code: 0, count: 0 });
    expect((await history(admin, "message", id)).count).toBe(1);
    expect(teacher.name).toBe("teacher");
  });

  it("gives the main admin the organisation's log with filters; sub-admins are refused", async () => {
    const all = await api(admin, auditLog.api.list, { page: 1, count: 100 });
    expect(all.code).toBe(0);
    // The four writes above, and the ledger's opening row, written by no person (issue 19 item 10).
    expect(all.count).toBe(5);
    expect((await api(admin, auditLog.api.list, { resource: "ledger" })).data).toEqual([expect.objectContaining({ ActorName: "系统", Action: "create" })]);
    const removes = await api(admin, auditLog.api.list, { action: "remove" });
    expect((removes.data as Rec[]).every((r) => r.Action === "remove")).toBe(true);
    expect((await api(admin, auditLog.api.list, { resource: "message" })).count).toBe(1);
    expect((await api(admin, auditLog.api.list, { actor: "校长" })).count).toBe(all.count! - 1);
    expect((await api(admin, auditLog.api.list, { actor: "没有人" })).count).toBe(0);
    expect((await api(admin, auditLog.api.list, { begintime: "2000-01-01", endtime: "2000-12-31" })).count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api(admin, auditLog.api.list, { begintime: "2000-01-01", endtime: `${today.slice(0, 4)}-12-31` })).count).toBe(all.count);
    expect(await api(admin, auditLog.api.list, { action: "steal" })).toMatchObject({ code: 400, msg: "操作不正确" });
    const everyKey = await signIn(s.app, "13800000009", "admin");
    expect(await api(everyKey, auditLog.api.list)).toMatchObject({ code: 403 });
    const other = await signIn(s.app, "13900000000", "admin");
    expect(((await api(other, auditLog.api.list)).data as Rec[]).map((r) => r.Resource)).toEqual(["ledger"]);
  });

  it("shows the log in the main admin's menu only", async () => {
    const menuKeys = async (cookie: string) => ((await s.app.inject({ url: "/cms/loginrouter", headers: { cookie } })).json().data.keys as string[]);
    expect(await menuKeys(admin)).toContain("auditLog");
    expect(await menuKeys(await signIn(s.app, "13800000009", "admin"))).not.toContain("auditLog");
  });
});
