import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import { demoName } from "../../../server/seed/names";
import { listIdentities } from "../../../server/services/user-list";
import { scopeFor } from "../../../scripts/lib/scope-for";
import { startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * The list and its search answer by different plans depending on the key and on how many
 * candidates the index finds (server/services/user-list.ts): the kept count, a walk along the list
 * for a dense one- or two-character key, the candidates with a window count otherwise. Whatever the
 * plan, a page and its total must be what the plain definition gives: every row of the list whose
 * name holds the key (or, for three or more digits, whose mobile does), newest change first.
 */
const PEOPLE = 2_600;

let s: TestServer;
let orgId: number;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  const k = s.db.kysely;
  const now = Date.now();
  orgId = (await k.insertInto("organisations").values({ name: "大名单学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
  for (let start = 0; start < PEOPLE; start += 500) {
    const n = Array.from({ length: Math.min(500, PEOPLE - start) }, (_, i) => start + i);
    const people = await k
      .insertInto("persons")
      .values(n.map((i) => ({ mobile: `1770000${String(i).padStart(4, "0")}`, password_hash: "x", nickname: "", headimg: "", created_at: now, updated_at: now })))
      .returning("id")
      .execute();
    // Four in five hold 李, so it is dense enough for a walk; times repeat, so order needs the id too.
    await k
      .insertInto("identities")
      .values(
        people.map((p, i) => ({
          person_id: p.id,
          org_id: orgId,
          role: "student" as const,
          name: (n[i] % 5 === 0 ? "王" : "李") + demoName(n[i]),
          nick: "",
          userop: "[]",
          useropex: "[]",
          created_at: now,
          updated_at: now - (n[i] % 37) * 1000,
        })),
      )
      .execute();
  }
});
afterAll(() => s.close());

/** The plain definition, straight from the tables. */
async function expected(key: string, page: number, count: number) {
  const like = `%${key}%`;
  const digits = /^\d{3,}$/.test(key);
  const base = s.db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .where("i.org_id", "=", orgId)
    .where("i.role", "=", "student")
    .$if(key !== "", (qb) => qb.where((eb) => eb.or([eb("i.name", "like", like), ...(digits ? [eb("p.mobile", "like", like)] : [])])));
  const rows = await base.select(["i.id"]).orderBy("i.updated_at", "desc").orderBy("i.id", "desc").limit(count).offset((page - 1) * count).execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(total.n) };
}

async function answered(key: string, page: number, count: number) {
  const { rows, total } = await listIdentities(scopeFor(s.db, orgId), { role: "student", page, count, key });
  return { ids: rows.map((r) => r.id), total };
}

describe("every plan answers the plain definition", () => {
  const keys = ["", "李", "王", "丽", "李丽", "王伟", "李丽强", "1770000", "0001", "999", "12"];
  for (const key of keys)
    it(`key "${key}", pages from the first to past the end`, async () => {
      for (const [page, count] of [[1, 10], [2, 10], [1, 100], [7, 100], [26, 100], [27, 100], [400, 10]]) {
        expect(await answered(key, page, count), `page ${page} × ${count}`).toEqual(await expected(key, page, count));
      }
    });

  it("follows a change to the list at once, on every plan", async () => {
    const victim = (await expected("李", 1, 1)).ids[0];
    await s.db.kysely.updateTable("identities").set({ name: "赵钱", updated_at: 0 }).where("id", "=", victim).execute();
    for (const key of ["", "李", "赵钱", "钱"]) expect(await answered(key, 1, 10)).toEqual(await expected(key, 1, 10));
    await s.db.kysely.deleteFrom("identities").where("id", "=", victim).execute();
    for (const key of ["", "李", "赵钱"]) expect(await answered(key, 1, 10)).toEqual(await expected(key, 1, 10));
  });

  it("walks the list for a dense key, and starts from the candidates otherwise", async () => {
    if (s.db.dialect !== "sqlite") return;
    // Which queries read the search index, seen by a plugin on the way to the database.
    const touched: boolean[] = [];
    const spy: KyselyPlugin = {
      transformQuery: ({ node }) => (touched.push(JSON.stringify(node).includes("identity_search")), node),
      transformResult: async ({ result }) => result,
    };
    const db = { ...s.db, kysely: s.db.kysely.withPlugin(spy) };
    const plan = async (key: string, page: number) => {
      touched.length = 0;
      await listIdentities(scopeFor(db, orgId), { role: "student", page, count: 10, key });
      return touched;
    };
    // Count from the index, then a page read along the list, for 李 (more than 2000 candidates) on page 1;
    // from the candidates for a page deeper than 1 in 200 of them, and for a rarer key.
    expect(await plan("李", 1)).toEqual([true, false]);
    expect(await plan("李", 2)).toEqual([true, true]);
    expect(await plan("丽", 1)).toEqual([true, true]);
  });
});
