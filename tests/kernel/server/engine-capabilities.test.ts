import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { defineResource } from "../../../resources/kernel/define";
import { ep } from "../../../resources/kernel/endpoint";
import { buildApp } from "../../../server/app";
import type { Db } from "../../../server/db/database";
import { registerResource, type TableResource } from "../../../server/engine/register";
import { seededDatabase, signIn } from "./helpers";
import { call } from "../../users/server/users-helpers";

/**
 * What the engine offers beyond the spec's three simple entities, on a resource declared here
 * over the lives table: get-one, soft delete (the spec voids lives instead of deleting them),
 * filters, and a list call guarded by a key a sub-admin may hold.
 */
const lives = defineResource({
  name: "engineLives",
  noun: "直播",
  title: "直播",
  route: "/engineLives",
  menu: { group: "course", key: "liveop" },
  api: { list: ep("GET /cms/enginetest/live"), get: ep("GET /cms/enginetest/liveone"), remove: ep("DELETE /cms/enginetest/live") },
  id: "Id",
  label: "Title",
  columns: [{ field: "Title", title: "直播标题" }],
  actions: ["delete"],
  forms: {},
  table: {
    name: "lives",
    columns: [
      { column: "id", wire: "Id" },
      { column: "title", wire: "Title" },
      { column: "begin_time", wire: "BeginTime", datetime: true },
    ],
    search: { param: "key", columns: ["title"] },
    order: [{ column: "begin_time", desc: true }],
    softDelete: { column: "voided" },
  },
}) as TableResource;

let app: FastifyInstance;
let db: Db;
let drop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  const seeded = await seededDatabase();
  ({ db } = seeded);
  drop = seeded.fresh.drop;
  const { config, messages } = seeded;
  const ctx = { db, config, messages };
  app = await buildApp(ctx);
  await app.register(async (scope) => registerResource(scope, ctx, lives));
  admin = await signIn(app, "13800000000", "admin");
});
afterAll(async () => {
  await app.close();
  await db.close();
  await drop();
});

type Rec = Record<string, unknown>;
const api = async (cookie: string, endpoint: Parameters<typeof call>[2] | undefined, params: Rec = {}) => (await call(app, cookie, endpoint!, params)).body;

describe("engine capabilities", () => {
  it("lists the organisation's rows that are not voided, newest first, and gets one by id", async () => {
    const voided = Number((await db.kysely.selectFrom("lives").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", 1).where("voided", "=", 1).executeTakeFirstOrThrow()).n);
    const total = Number((await db.kysely.selectFrom("lives").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", 1).executeTakeFirstOrThrow()).n);
    const body = await api(admin, lives.api.list, { count: 100 });
    expect(body.count).toBe(total - voided);
    const rows = body.data as Rec[];
    const times = rows.map((r) => String(r.BeginTime));
    expect([...times].sort().reverse()).toEqual(times);
    expect(await api(admin, lives.api.get, { id: rows[0].Id })).toMatchObject({ code: 0, data: rows[0] });
  });

  it("voids instead of deleting (作废成功, 2 §8): the row stays, leaves the list and get-one, and the removal is logged", async () => {
    const [first] = (await api(admin, lives.api.list)).data as Rec[];
    const before = (await api(admin, lives.api.list)).count as number;
    expect(await api(admin, lives.api.remove, { id: first.Id })).toMatchObject({ code: 0, msg: "作废成功" });
    expect((await api(admin, lives.api.list)).count).toBe(before - 1);
    expect(await api(admin, lives.api.get, { id: first.Id })).toMatchObject({ code: 404, msg: "直播不存在" });
    expect(await api(admin, lives.api.remove, { id: first.Id })).toMatchObject({ code: 404 });
    const row = await db.kysely.selectFrom("lives").select("voided").where("id", "=", Number(first.Id)).executeTakeFirstOrThrow();
    expect(row.voided).toBe(1);
    const log = await db.kysely.selectFrom("audit_log").selectAll().where("resource", "=", "engineLives").execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "remove", record_id: first.Id, actor_name: "张校长" });
  });

  it("keeps another organisation's rows out of get-one and removal", async () => {
    const other = await signIn(app, "13900000000", "admin");
    const [mine] = (await api(admin, lives.api.list)).data as Rec[];
    expect(await api(other, lives.api.get, { id: mine.Id })).toMatchObject({ code: 404 });
    expect(await api(other, lives.api.remove, { id: mine.Id })).toMatchObject({ code: 404 });
    expect(await api(admin, lives.api.get, { id: mine.Id })).toMatchObject({ code: 0 });
  });
});
