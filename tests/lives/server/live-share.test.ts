import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { outboxAdapter } from "../../../server/adapters/sms";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { caller } from "../../courses/server/courses-helpers";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { orgIdOf } from "./lives-helpers";

let s: TestServer;
let api: ReturnType<typeof caller>;
let admin: string;
let lives: { id: number; voided: number; share_guid: string | null; replay_guid: string | null }[];

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  const orgId = await orgIdOf(s, "示例学校");
  lives = await s.db.kysely.selectFrom("lives").select(["id", "voided", "share_guid", "replay_guid"]).where("org_id", "=", orgId).orderBy("id").execute();
});
afterAll(() => s.close());

const active = (n: number) => lives.filter((l) => !l.voided)[n].id;

describe("the audience base (2 §2 修改直播房间人数基数, §5, §7)", () => {
  it("reads and sets it from 0 to 10,000,000, logging the change", async () => {
    const id = active(0);
    const before = (await s.db.kysely.selectFrom("lives").select("init_num").where("id", "=", id).executeTakeFirstOrThrow()).init_num;
    expect(await api(admin, liveApi.initNumGet, { liveid: id })).toMatchObject({ code: 0, data: { initNum: before } });
    for (const value of [10_000_000, 0, 1234]) {
      expect(await api(admin, liveApi.initNumSet, { liveid: id, initnum: value })).toMatchObject({ code: 0, data: { initNum: value }, msg: "修改成功" });
      expect((await api(admin, liveApi.initNumGet, { liveid: id })).data).toEqual({ initNum: value });
    }
    const logged = await s.db.kysely.selectFrom("audit_log").select("diff").where("resource", "=", "live").where("record_id", "=", id).orderBy("id").execute();
    expect(JSON.parse(logged.at(-1)!.diff)).toEqual({ before: { InitNum: 0 }, after: { InitNum: 1234 } });
  });

  it("refuses a number outside the bounds or not whole, in the dialog's words", async () => {
    const id = active(0);
    for (const initnum of [-1, 10_000_001, 1.5, "many"])
      expect(await api(admin, liveApi.initNumSet, { liveid: id, initnum }), String(initnum)).toMatchObject({ code: 400, msg: "请输入0-10000000之间的整数" });
    expect(await api(admin, liveApi.initNumSet, { liveid: id })).toMatchObject({ code: 400, msg: "请输入人数基数" });
    expect((await api(admin, liveApi.initNumGet, { liveid: id })).data).toEqual({ initNum: 1234 });
  });

  it("refuses another organisation's live and a voided one", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    expect(await api(second, liveApi.initNumGet, { liveid: active(0) })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(second, liveApi.initNumSet, { liveid: active(0), initnum: 5 })).toMatchObject({ code: 404 });
    const voided = lives.find((l) => l.voided)!.id;
    expect(await api(admin, liveApi.initNumSet, { liveid: voided, initnum: 5 })).toMatchObject({ code: 1, msg: "该直播已作废" });
  });
});

describe("share links (2 §7 no-validation link, replay link)", () => {
  it("makes each guid on the first ask and answers the same one afterwards", async () => {
    const id = active(1);
    expect(lives.find((l) => l.id === id)!.share_guid).toBeNull();
    const first = (await api(admin, liveApi.shareGuid, { liveid: id })).data as { guid: string };
    expect(first.guid).toMatch(/^[0-9a-f]{32}$/);
    expect((await api(admin, liveApi.shareGuid, { liveid: id })).data).toEqual(first);
    const replay = (await api(admin, liveApi.replayGuid, { liveid: id })).data as { guid: string };
    expect(replay.guid).toMatch(/^[0-9a-f]{32}$/);
    expect(replay.guid).not.toBe(first.guid);
    expect((await api(admin, liveApi.replayGuid, { liveid: id })).data).toEqual(replay);
    const stored = await s.db.kysely.selectFrom("lives").select(["share_guid", "replay_guid"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ share_guid: first.guid, replay_guid: replay.guid });
  });

  it("gives every parallel first ask the one guid that landed, and each live its own", async () => {
    for (const [endpoint, column] of [[liveApi.shareGuid, "share_guid"], [liveApi.replayGuid, "replay_guid"]] as const) {
      const targets = [active(2), active(3), active(4)];
      const answers = await Promise.all(targets.flatMap((id) => Array.from({ length: 6 }, () => api(admin, endpoint, { liveid: id }).then((a) => [id, a] as const))));
      for (const id of targets) {
        const guids = new Set(answers.filter(([of]) => of === id).map(([, a]) => (a.data as { guid: string }).guid));
        expect(guids.size, column).toBe(1);
        const stored = await s.db.kysely.selectFrom("lives").select(column).where("id", "=", id).executeTakeFirstOrThrow();
        expect(stored[column]).toBe([...guids][0]);
      }
      expect(new Set(answers.map(([, a]) => (a.data as { guid: string }).guid)).size).toBe(targets.length);
    }
  });

  it("refuses another organisation's live, a voided live without a link, and a bad id", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    expect(await api(second, liveApi.shareGuid, { liveid: active(1) })).toMatchObject({ code: 404, msg: "记录不存在" });
    const voided = lives.find((l) => l.voided)!.id;
    expect(await api(admin, liveApi.replayGuid, { liveid: voided })).toMatchObject({ code: 1, msg: "该直播已作废" });
    expect(await api(admin, liveApi.shareGuid, { liveid: "abc" })).toMatchObject({ code: 400, msg: "直播编号不正确" });
  });
});

describe("the share settings in /config.json (2 §6 customer types, §7 share URL)", () => {
  it("points share links at the address the console was opened at, customer type default, unless configured", async () => {
    const cfg = (await s.app.inject({ url: "/config.json", headers: { host: "localhost:8080" } })).json();
    expect([cfg.shareBase, cfg.customerType]).toEqual(["http://localhost:8080", "default"]);
    const config = { ...loadConfig({ DATA_DIR: s.dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(s.dataDir, "no-dist"), SHARE_BASE_URL: "https://share.example/rooms/", CUSTOMER_TYPE: "RuiDa" }), passwordMemoryKiB: 64 };
    const other = await buildApp({ db: s.db, config, messages: outboxAdapter(s.dataDir) });
    try {
      const configured = (await other.inject({ url: "/config.json" })).json();
      expect([configured.shareBase, configured.customerType]).toEqual(["https://share.example/rooms", "RuiDa"]);
    } finally {
      await other.close();
    }
  });
});
