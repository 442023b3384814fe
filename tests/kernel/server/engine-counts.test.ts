import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adTemplate, auditLog, message, productTemplate } from "../../../resources";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import * as engineCounts from "../../../server/db/migrations/0015-engine-counts";
import { withId } from "../../../server/db/migrations/helpers";
import { signIn, startSignedIn, type TestServer } from "./helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The total of an unfiltered engine list is the count kept by the triggers of migration 0015, not
 * a count of the rows: it must still be the real number whatever writes the rows.
 */
let s: TestServer;
let first: string;
let second: string;
beforeAll(async () => {
  ({ s, admin: first } = await startSignedIn());
  second = await signIn(s.app, "13900000000", "admin");
});
afterAll(() => s.close());

type Rec = Record<string, unknown>;
const api = async (cookie: string, endpoint: Endpoint | undefined, params: Rec = {}) => (await call(s.app, cookie, endpoint!, params)).body;
const orgOf = async (name: string) => (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const real = async (table: "admin_messages" | "audit_log" | "product_templates" | "ad_templates", org: number) =>
  Number((await s.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", org).executeTakeFirstOrThrow()).n);
/** The list's total, asked for a full first page (the case that used to count). */
const listed = async (cookie: string, endpoint: Endpoint | undefined) => (await api(cookie, endpoint, { page: 1, count: 1 })).count;

describe("engine list totals", () => {
  it("counts the engine tables per organisation: creates, removes, both organisations", async () => {
    const [a, b] = [await orgOf("示例学校"), await orgOf("第二学校")];
    const start = { a: await real("admin_messages", a), b: await real("admin_messages", b) };
    expect(await listed(first, message.api.list)).toBe(start.a);
    expect(await listed(second, message.api.list)).toBe(start.b);
    const ids: unknown[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await api(first, message.api.create, { msg: `计数 ${i}` })).data as Rec).Id);
    await api(second, message.api.create, { msg: "第二学校的" });
    expect(await listed(first, message.api.list)).toBe(start.a + 3);
    expect(await listed(second, message.api.list)).toBe(start.b + 1);
    expect(await api(first, message.api.remove, { id: ids[0] })).toMatchObject({ code: 0 });
    // Another organisation's id is not found, and its count does not move.
    expect(await api(second, message.api.remove, { id: ids[1] })).toMatchObject({ code: 404 });
    expect(await listed(first, message.api.list)).toBe(start.a + 2);
    expect(await listed(second, message.api.list)).toBe(start.b + 1);
    expect(await listed(first, message.api.list)).toBe(await real("admin_messages", a));
    expect(await listed(first, auditLog.api.list)).toBe(await real("audit_log", a));
    expect(await listed(second, auditLog.api.list)).toBe(await real("audit_log", b));
    for (const [r, table] of [[productTemplate, "product_templates"], [adTemplate, "ad_templates"]] as const) {
      expect(await listed(first, r.api.list)).toBe(await real(table, a));
      expect(await listed(second, r.api.list)).toBe(await real(table, b));
    }
  });

  it("keeps a filtered list's own total", async () => {
    const all = await listed(first, auditLog.api.list);
    const removes = (await api(first, auditLog.api.list, { page: 1, count: 1, action: "remove" })).count as number;
    expect(removes).toBeGreaterThan(0);
    expect(removes).toBeLessThan(all as number);
  });

  it("stays right under parallel creates and deletes", async () => {
    const a = await orgOf("示例学校");
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => api(first, message.api.create, { msg: `并发 ${i}` })));
    expect(created.every((c) => c.code === 0)).toBe(true);
    const ids = created.map((c) => (c.data as Rec).Id);
    const mixed = await Promise.all([
      ...ids.slice(0, 20).map((id) => api(first, message.api.remove, { id })),
      ...Array.from({ length: 10 }, (_, i) => api(first, message.api.create, { msg: `再来 ${i}` })),
    ]);
    expect(mixed.every((c) => c.code === 0)).toBe(true);
    expect(await listed(first, message.api.list)).toBe(await real("admin_messages", a));
    expect(await listed(first, auditLog.api.list)).toBe(await real("audit_log", a));
  });

  it("counts only live rows of a table that voids, whatever moves them", async () => {
    const db = s.db.kysely as unknown as Kysely<unknown>;
    await withId(db, db.schema.createTable("scratch_notes"))
      .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
      .addColumn("voided", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into scratch_notes (org_id, voided) values (${await orgOf("示例学校")}, 0), (${await orgOf("示例学校")}, 1)`.execute(db);
    await engineCounts.keepEngineCount(db, "scratch_notes", "voided");
    const [a, b] = [await orgOf("示例学校"), await orgOf("第二学校")];
    const kept = async () =>
      (await sql<{ org_id: number; n: number }>`select org_id, n from engine_counts where table_name = 'scratch_notes' and n <> 0 order by org_id`.execute(db)).rows.map((r) => [r.org_id, Number(r.n)]);
    const actual = async () =>
      (await sql<{ org_id: number; n: number }>`select org_id, count(*) as n from scratch_notes where voided = 0 group by org_id order by org_id`.execute(db)).rows.map((r) => [r.org_id, Number(r.n)]);
    expect(await kept()).toEqual([[a, 1]]);
    await sql`insert into scratch_notes (org_id, voided) values (${a}, 0), (${a}, 0), (${b}, 0), (${b}, 1)`.execute(db);
    expect(await kept()).toEqual(await actual());
    await sql`update scratch_notes set voided = 1 where id in (select id from scratch_notes where org_id = ${a} and voided = 0 order by id limit 2)`.execute(db);
    expect(await kept()).toEqual(await actual());
    await sql`update scratch_notes set voided = 0 where org_id = ${b}`.execute(db);
    expect(await kept()).toEqual(await actual());
    await sql`delete from scratch_notes where voided = 1`.execute(db);
    await sql`update scratch_notes set org_id = ${b} where org_id = ${a}`.execute(db);
    expect(await kept()).toEqual(await actual());
    await sql`delete from scratch_notes`.execute(db);
    expect(await kept()).toEqual([]);
  });

  it("counts the rows that existed before the migration ran", async () => {
    const db = s.db.kysely as unknown as Kysely<unknown>;
    const [a, b] = [await orgOf("示例学校"), await orgOf("第二学校")];
    await engineCounts.down(db);
    const now = Date.now();
    await s.db.kysely
      .insertInto("admin_messages")
      .values([a, a, b].map((org_id) => ({ org_id, msg: "早来的", create_user: "旧", created_at: now, updated_at: now })))
      .execute();
    await engineCounts.up(db);
    expect(await listed(first, message.api.list)).toBe(await real("admin_messages", a));
    expect(await listed(second, message.api.list)).toBe(await real("admin_messages", b));
    expect(await listed(first, auditLog.api.list)).toBe(await real("audit_log", a));
  });
});
