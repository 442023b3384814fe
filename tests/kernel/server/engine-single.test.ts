import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { access } from "../../../resources/kernel/call";
import { ep } from "../../../resources/kernel/endpoint";
import { defineSingle } from "../../../resources/kernel/single";
import { buildApp } from "../../../server/app";
import type { Db } from "../../../server/db/database";
import { registerSingle } from "../../../server/engine/table-single";
import { seededDatabase, signIn } from "./helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The single-record table mode on a declaration of its own, stored one column a field (the other
 * option besides JSON text, which /cms/groupconfig uses: tests/lives/server/group-config-wire.test.ts):
 * defaults before any save, a save that merges and is logged, the schema's message for a refusal,
 * and each organisation's record its own.
 */
const notice = defineSingle({
  name: "engineNotice",
  title: "公告设置",
  api: { get: ep("GET /cms/enginetest/notice"), update: ep("PATCH /cms/enginetest/notice") },
  access: { read: access.menu(["messageop", "liveop"]), write: access.menu(["messageop"]) },
  form: "message.create",
  saved: "公告设置已保存",
  table: { name: "engine_notice", columns: [{ column: "msg", wire: "msg" }], updated: "updated_at", single: { schema: "message.create", defaults: { msg: "欢迎" } } },
});

let app: FastifyInstance;
let db: Db;
let drop: () => Promise<void>;
let admin: string;
let other: string;
beforeAll(async () => {
  const seeded = await seededDatabase();
  ({ db } = seeded);
  drop = seeded.fresh.drop;
  const { config, messages } = seeded;
  await sql`create table engine_notice (org_id integer primary key, msg text not null, updated_at bigint not null)`.execute(db.kysely);
  const ctx = { db, config, messages };
  app = await buildApp(ctx);
  await app.register(async (scope) => registerSingle(scope, ctx, notice));
  admin = await signIn(app, "13800000000", "admin");
  other = await signIn(app, "13900000000", "admin");
});
afterAll(async () => {
  await app.close();
  await db.close();
  await drop();
});

const get = async (cookie: string) => (await call(app, cookie, notice.api.get)).body;
const save = async (cookie: string, msg: unknown) => (await call(app, cookie, notice.api.update, { msg })).body;
const stored = () => sql<{ org_id: number; msg: string }>`select org_id, msg from engine_notice order by org_id`.execute(db.kysely).then((r) => r.rows.map((row) => ({ ...row, org_id: Number(row.org_id) })));

describe("a single-record table", () => {
  it("answers the declared defaults while the organisation stored nothing, and stores nothing for a read", async () => {
    expect(await get(admin)).toEqual({ code: 0, msg: "ok", data: { msg: "欢迎" } });
    expect(await stored()).toEqual([]);
  });

  it("saves into the declared column with its msg, answers the record, and logs the change as the declaration's name, record 0", async () => {
    expect(await save(admin, "停课通知")).toEqual({ code: 0, msg: "公告设置已保存", data: { msg: "停课通知" } });
    expect(await get(admin)).toMatchObject({ data: { msg: "停课通知" } });
    expect(await stored()).toEqual([{ org_id: 1, msg: "停课通知" }]);
    const log = await db.kysely.selectFrom("audit_log").select(["record_id", "action", "diff", "org_id"]).where("resource", "=", "engineNotice").execute();
    expect(log).toEqual([{ record_id: 0, action: "update", org_id: 1, diff: JSON.stringify({ before: { msg: "欢迎" }, after: { msg: "停课通知" } }) }]);
  });

  it("refuses with the schema's message and keeps the record", async () => {
    expect(await save(admin, "x".repeat(501))).toMatchObject({ code: 400, msg: "消息内容不能超过500字" });
    expect(await save(admin, "   ")).toMatchObject({ code: 400, msg: "请输入消息内容" });
    expect(await get(admin)).toMatchObject({ data: { msg: "停课通知" } });
  });

  it("keeps each organisation's record its own: another organisation's admin neither sees nor changes it", async () => {
    expect(await get(other)).toMatchObject({ data: { msg: "欢迎" } });
    expect(await save(other, "放假通知")).toMatchObject({ code: 0, data: { msg: "放假通知" } });
    expect(await get(admin)).toMatchObject({ data: { msg: "停课通知" } });
    expect(await stored()).toEqual([{ org_id: 1, msg: "停课通知" }, { org_id: 2, msg: "放假通知" }]);
  });

  it("guards reading and saving by their declared access, before validation", async () => {
    const teacher = await signIn(app, "13800000001", "teacher");
    expect(await get(teacher)).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect(await save(teacher, "")).toMatchObject({ code: 403 });
    expect(await get("")).toMatchObject({ code: 401 });
  });
});
