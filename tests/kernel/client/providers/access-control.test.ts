import { describe, expect, it } from "vitest";
import { auditLog, subadmin, teacher } from "../../../../resources";
import { accessControlProvider, decideAccess } from "../../../../providers/access-control";
import { mainAdminMenu, menuFor, userManagementMenu } from "../../../../stories/support/fixtures";
import { refineResource } from "../../../../src/app/refine-resources";
import { fail, fakeServer, ok } from "../support/fake-server";
import { isolateSession } from "../support/isolate";

const can = (params: Record<string, unknown>, resource?: string) => accessControlProvider.can({ action: "list", resource, params });

describe("the console's access control, over the server's menu", () => {
  isolateSession();

  it("lets the main admin open everything, main-admin-only screens and keys no menu lists included", () => {
    expect(decideAccess(mainAdminMenu, { keys: ["subadmin"], mainAdminOnly: true })).toBe(true);
    expect(decideAccess(mainAdminMenu, { keys: ["liveMonitor"] })).toBe(true);
    expect(decideAccess(mainAdminMenu, { keys: [] })).toBe(true);
  });

  it("lets a sub-admin open only what a granted key names, and never a main-admin-only screen", () => {
    expect(decideAccess(userManagementMenu, { keys: ["teacherop"] })).toBe(true);
    expect(decideAccess(userManagementMenu, { keys: ["liveop", "teacherop"] })).toBe(true);
    expect(decideAccess(userManagementMenu, { keys: ["liveop"] })).toBe(false);
    // Refused by the flag even with a key the sub-admin holds, and by a main-admin-only key alone.
    expect(decideAccess(userManagementMenu, { keys: ["teacherop"], mainAdminOnly: true })).toBe(false);
    expect(decideAccess(menuFor(["teacherop"]), { keys: [subadmin.menu.key] })).toBe(false);
    // A page naming no key is every admin's.
    expect(decideAccess(userManagementMenu, { keys: [] })).toBe(true);
  });

  it("decides a declared resource from the meta <Refine resources> carries, asking for the menu once", async () => {
    const server = fakeServer({ "GET /cms/loginrouter": ok(userManagementMenu) });
    const meta = (decl: Parameters<typeof refineResource>[0]) => ({ resource: { name: decl.name, meta: refineResource(decl).meta } });
    expect(await can(meta(teacher), "teacher")).toEqual({ can: true });
    expect(await can(meta(subadmin), "subadmin")).toEqual({ can: false, reason: "无权访问" });
    expect(await can(meta(auditLog), "auditLog")).toEqual({ can: false, reason: "无权访问" });
    expect(await can({ keys: ["accountOverview"] })).toEqual({ can: false, reason: "无权访问" });
    expect(server.calls("GET /cms/loginrouter")).toHaveLength(1);
  });

  it("gives the declared routes and the menu key to Refine's resource", () => {
    expect(refineResource(teacher)).toMatchObject({ name: "teacher", list: "/teacherop", show: "/teacherInfo", meta: { menuKey: "teacherop", label: teacher.title } });
    expect(refineResource(subadmin)).toMatchObject({ create: "/createAdmin", meta: { mainAdminOnly: true } });
  });

  it("fails, rather than guessing, while the menu cannot be read, and asks again on the next check", async () => {
    let broken = true;
    const server = fakeServer({ "GET /cms/loginrouter": () => (broken ? fail(500, "服务器错误") : ok(userManagementMenu)) });
    await expect(can({ keys: ["teacherop"] })).rejects.toBeTruthy();
    broken = false;
    expect(await can({ keys: ["teacherop"] })).toEqual({ can: true });
    expect(server.calls("GET /cms/loginrouter")).toHaveLength(2);
  });
});
