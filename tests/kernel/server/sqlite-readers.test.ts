import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import SQLite from "better-sqlite3";
import { openDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";

/** Threads of this process (Linux), to see readers start and end. */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1]);

// Readers are a SQLite matter; the PostgreSQL run of the suite has nothing to check here.
describe.skipIf(!!process.env.DATABASE_URL)("SQLite reads on reader threads (server/db/sqlite-driver.ts)", () => {
  let dataDir: string;
  let db: Db;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-readers-"));
    db = openDb({ databaseUrl: null, dataDir, readers: 2 });
    await migrateToLatest(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const addOrg = (name: string) => db.kysely.insertInto("organisations").values({ name, balance_milli: 0, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
  const nameOf = async (id: number) => (await db.kysely.selectFrom("organisations").select("name").where("id", "=", id).executeTakeFirst())?.name;

  it("reads what was written the moment the write is done, and never what was rolled back", async () => {
    expect(db.readers).toBe(2);
    const { id } = await addOrg("读己所写");
    expect(await nameOf(id)).toBe("读己所写");
    await db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable("organisations").set({ name: "事务中" }).where("id", "=", id).execute();
      // Inside the transaction its own write is seen…
      expect((await tx.selectFrom("organisations").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("事务中");
      // …and outside it, while it is open, the state before it.
      expect(await nameOf(id)).toBe("读己所写");
    });
    expect(await nameOf(id)).toBe("事务中");
    await expect(
      db.kysely.transaction().execute(async (tx) => {
        await tx.updateTable("organisations").set({ name: "撤销" }).where("id", "=", id).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await nameOf(id)).toBe("事务中");
  });

  it("answers many reads at once, interleaved with writes, each seeing every write before it", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => addOrg(`并发${i}`)));
    const reads = await Promise.all(ids.map(async ({ id }, i) => [await nameOf(id), await db.kysely.updateTable("organisations").set({ name: `改${i}` }).where("id", "=", id).execute(), await nameOf(id)]));
    expect(reads.map(([before, , after]) => [before, after])).toEqual(ids.map((_, i) => [`并发${i}`, `改${i}`]));
  });

  it("raises a reader's errors as better-sqlite3 raises them", async () => {
    // Errors that arise as the statement runs, on a reader (a statement not timed yet goes to one).
    const malformed = await sql`select json(${"{"}) as j`.execute(db.kysely).catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(SQLite.SqliteError);
    expect(malformed).toMatchObject({ code: "SQLITE_ERROR", message: "malformed JSON" });
    const unbindable = await sql`select ${true as unknown as number} as x`.execute(db.kysely).catch((e: unknown) => e);
    expect(unbindable).toBeInstanceOf(TypeError);
    // A write's error is unchanged: it never leaves the main connection.
    const { id } = await addOrg("唯一");
    const clash = await sql`insert into organisations (id, name, balance_milli, created_at) values (${id}, 'x', 0, 0)`.execute(db.kysely).catch((e: unknown) => e);
    expect(clash).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
  });

  it("hands blobs back as Buffers, and takes them as parameters", async () => {
    const { rows } = await sql<{ b: Buffer; n: number }>`select ${Buffer.from([1, 2, 3])} as b, length(${Buffer.from([9, 9])}) as n`.execute(db.kysely);
    expect(Buffer.isBuffer(rows[0].b)).toBe(true);
    expect([...rows[0].b]).toEqual([1, 2, 3]);
    expect(rows[0].n).toBe(2);
  });

  it("reads while a transaction holds the main connection, so a slow write does not hold up the lists", async () => {
    const { id } = await addOrg("不等待");
    let readDuringTransaction: string | undefined;
    await db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable("organisations").set({ name: "写入中" }).where("id", "=", id).execute();
      // On one connection this read would wait for the commit below, which waits for it: a deadlock.
      readDuringTransaction = await nameOf(id);
    });
    expect(readDuringTransaction).toBe("不等待");
  });

  it.skipIf(!fs.existsSync("/proc/self/status"))("starts its reader threads with the database and ends them when it closes", async () => {
    const before = threads();
    const other = openDb({ databaseUrl: null, dataDir, readers: 2 });
    await other.kysely.selectFrom("organisations").select("id").limit(1).execute();
    expect(threads()).toBeGreaterThanOrEqual(before + 2);
    await other.close();
    await expect.poll(threads).toBeLessThanOrEqual(before);
  });
});
