import { describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import type { Db } from "../../../server/db/database";
import type { Database } from "../../../server/db/schema";
import { orgScope } from "../../../server/engine/org-scope";

// Queries are compiled, not run: what matters here is the SQL every builder carries.
const kysely = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const db = { kysely, dialect: "sqlite", readers: 0, close: async () => {} } as Db;
const signedIn = (orgId: number) =>
  ({ auth: { sessionId: "s", person: { id: 1, mobile: "", nickname: "", headimg: "" }, identity: { id: 7, orgId, role: "admin", type: "admin", name: "王校长", userop: "[]", useropex: "[]" } } }) as unknown as FastifyRequest;

describe("the organisation-scoped accessor", () => {
  const scope = orgScope(signedIn(42), db);

  it("is refused without a signed-in identity", () => {
    expect(() => orgScope({ auth: null } as unknown as FastifyRequest, db)).toThrow("未授权");
    const noIdentity = { auth: { sessionId: "s", person: { id: 1 }, identity: null } } as unknown as FastifyRequest;
    expect(() => orgScope(noIdentity, db)).toThrow("未授权");
  });

  it("names the caller for the audit log", () => {
    expect(scope.orgId).toBe(42);
    expect(scope.actor).toEqual({ id: 7, name: "王校长", role: "admin" });
  });

  it("adds the organisation to every select, aliased or not", () => {
    const plain = scope.selectFrom("courses").select("id").where("id", "=", 3).compile();
    expect(plain.sql).toBe('select "id" from "courses" where "courses"."org_id" = ? and "id" = ?');
    expect(plain.parameters).toEqual([42, 3]);
    const aliased = scope.selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select("p.mobile").compile();
    expect(aliased.sql).toContain('where "i"."org_id" = ?');
  });

  it("sets the organisation on inserts, one row or many", () => {
    const one = scope.insertInto("uploads", { name: "a", bytes: 1, created_at: 5 }).compile();
    expect(one.sql).toBe('insert into "uploads" ("name", "bytes", "created_at", "org_id") values (?, ?, ?, ?)');
    expect(one.parameters).toEqual(["a", 1, 5, 42]);
    const many = scope.insertInto("uploads", [{ name: "a", bytes: 1, created_at: 5 }, { name: "b", bytes: 2, created_at: 6 }]).compile();
    expect(many.parameters.filter((p) => p === 42)).toHaveLength(2);
  });

  it("scopes updates and deletes, and never moves a row to another organisation", () => {
    const smuggled = { title: "x", org_id: 9 } as { title: string };
    const update = scope.updateTable("courses", smuggled).where("id", "=", 3).compile();
    expect(update.sql).toBe('update "courses" set "title" = ? where "courses"."org_id" = ? and "id" = ?');
    expect(update.parameters).toEqual(["x", 42, 3]);
    expect(scope.deleteFrom("courses").where("id", "=", 3).compile().sql).toBe('delete from "courses" where "courses"."org_id" = ? and "id" = ?');
  });
});

// Checked by the type checker, never run: what the accessor's types refuse.
export function refusedByTypes(scope: ReturnType<typeof orgScope>) {
  // @ts-expect-error persons belong to no organisation: only `scope.shared` reaches them
  scope.selectFrom("persons");
  // @ts-expect-error a caller cannot name the organisation of a new row
  scope.insertInto("uploads", { name: "x", bytes: 1, created_at: 1, org_id: 2 });
  // @ts-expect-error organisation tables are not reachable unscoped through `shared`
  scope.shared.selectFrom("courses");
}
