import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi, liveMessages } from "../../../resources/lives/live-api";
import { groupConfigDefaults, type GroupConfig } from "../../../resources/lives/live-config";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";

/**
 * GET and PATCH /cms/groupconfig on the wire (3 §7.5), recorded while they were declared calls
 * and held when the engine's single-record table mode answers them: the same envelope, the same
 * msg and codes, the config as JSON text in its declared key order, the same audit entry.
 */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
});
afterAll(() => s.close());

const send = async (cookie: string, method: "GET" | "PATCH", payload?: object) => {
  const endpoint = method === "GET" ? liveApi.groupConfig : liveApi.groupConfigSet;
  const res = await s.app.inject({ method, url: endpoint.path, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as unknown };
};
const patch = (config: unknown, cookie = admin) => send(cookie, "PATCH", { config: JSON.stringify(config) });
const answer = (config: GroupConfig, msg = "ok") => ({ status: 200, body: { code: 0, data: { config: JSON.stringify(config) }, msg } });
const refusal = (msg: string) => ({ status: 200, body: { code: 400, data: { field: "config" }, msg } });

describe("GET and PATCH /cms/groupconfig", () => {
  const changed: GroupConfig = { ...groupConfigDefaults, teaEnterTs: "45", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0" } };

  it("answer as they did: the defaults, a merged save with its msg, the schema's refusals, 401", async () => {
    expect(await send(admin, "GET")).toEqual(answer(groupConfigDefaults));
    expect(await patch({ teaEnterTs: 45, unknown: 1, liveConfigPermissions: { layoutSetting: "0" } })).toEqual(answer(changed, liveMessages.groupConfigSaved));
    expect(await patch({ teaEnterTs: "5" })).toEqual(refusal("老师提前进入时间应为10-1440之间5的倍数"));
    expect(await patch({ layout: null })).toEqual(refusal("布局只能选择现代或经典"));
    for (const body of [{ config: "{" }, { config: "[]" }, {}]) expect(await send(admin, "PATCH", body), JSON.stringify(body)).toEqual(refusal("配置格式不正确"));
    // A group sent as anything but an object leaves the stored group as it was.
    expect(await patch({ liveConfigPermissions: "x" })).toEqual(answer(changed, liveMessages.groupConfigSaved));
    expect(await patch({})).toEqual(answer(changed, liveMessages.groupConfigSaved));
    expect(await send(admin, "GET")).toEqual(answer(changed));
    expect(await send("", "GET")).toEqual({ status: 401, body: { code: 401, data: null, msg: "未授权，请登录" } });
  });

  it("log one audit entry per save that changed something: groupConfig, record 0, one field a setting", async () => {
    const rows = await s.db.kysely.selectFrom("audit_log").select(["resource", "record_id", "action", "diff", "actor_name"]).where("resource", "=", "groupConfig").execute();
    expect(rows).toEqual([
      {
        resource: "groupConfig",
        record_id: 0,
        action: "update",
        diff: JSON.stringify({ before: { teaEnterTs: "30", layoutSetting: "1" }, after: { teaEnterTs: "45", layoutSetting: "0" } }),
        actor_name: "张校长",
      },
    ]);
  });

  it("answer another organisation its own defaults, untouched by this one's save", async () => {
    const other = await signIn(s.app, "13900000000", "admin");
    expect(await send(other, "GET")).toEqual(answer(groupConfigDefaults));
  });

  it("keep every key of saves of different keys sent together", async () => {
    const other = await signIn(s.app, "13900000000", "admin");
    const changes: Partial<GroupConfig> = { layout: "2", teaEnterTs: "60", stuEnterTs: "90", pushStreamType: "1", pptDefaultSwitchMode: "0", replaySizeSetting: "2", showUserNumByChat: "1", stuShowNum: "1" };
    const answers = await Promise.all(Object.entries(changes).map(([key, value]) => patch({ [key]: value }, other)));
    for (const a of answers) expect(a.body).toMatchObject({ code: 0 });
    expect(await send(other, "GET")).toEqual(answer({ ...groupConfigDefaults, ...changes }));
  });
});
