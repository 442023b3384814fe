import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../../scripts/lib/server-process.mjs";
import { openDb } from "../../../server/db/database";
import { demoAccounts } from "../../../server/seed/demo";
import { freshDatabase } from "./helpers";

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Issue 8, finding 9: server processes started together on one empty PostgreSQL database. Before the
 * start-up lock, both saw an empty database and one crashed in the demo seed on persons_mobile_key.
 * Real processes, as a deployment starts them; a SQLite file belongs to one process, so the
 * SQLite run of the suite has nothing to check (it runs in the PostgreSQL pass).
 */
describe.skipIf(!process.env.DATABASE_URL)("three servers started at once on one empty PostgreSQL database", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const servers: Server[] = [];
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await fresh.drop();
  });

  it("all become healthy, and the demo is seeded once", { timeout: 300_000 }, async () => {
    const starting = Array.from({ length: 3 }, () =>
      startServer({ dataDir: fresh.dataDir, databaseUrl: fresh.url!, env: { LECTERN_ARGON2_MEMORY_KIB: "64" }, timeoutMs: 240_000 }),
    );
    const started = await Promise.allSettled(starting);
    servers.push(...started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : [])));
    expect(started.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);

    for (const s of servers) expect((await fetch(`${s.baseURL}/healthz`)).status).toBe(200);
    // One of them seeded; the others waited for it and found the demo there.
    expect(servers.filter((s) => s.output().includes("Seeding the demo data")).length).toBe(1);

    const db = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      const mobiles = demoAccounts.map((a) => a.mobile);
      const demoPersons = await db.kysely.selectFrom("persons").select("mobile").where("mobile", "in", mobiles).execute();
      expect(demoPersons.map((p) => p.mobile).sort()).toEqual([...mobiles].sort());
      // Organisations have no unique name: a second seed would have added a second 示例学校.
      const schools = await db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").execute();
      expect(schools).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
