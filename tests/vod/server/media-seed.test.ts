import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedMedia } from "../../../server/seed/media";
import { seededDatabase } from "../../kernel/server/helpers";

/** The demo's replays and recorded course have real, playable files (one video made at seed time). */
describe("the media seed", () => {
  let seeded: Awaited<ReturnType<typeof seededDatabase>>;
  beforeAll(async () => {
    seeded = await seededDatabase();
    await seedMedia(seeded.db, seeded.fresh.dataDir);
  }, 120_000);
  afterAll(async () => {
    await seeded.db.close();
    await seeded.fresh.drop();
  });
  const fileOf = (url: string) => path.join(seeded.fresh.dataDir, "media", url.split("/").pop()!);

  it("points every seeded recording at one real video", async () => {
    const recordings = await seeded.db.kysely.selectFrom("live_recordings").select(["url", "duration_seconds"]).execute();
    expect(recordings.length).toBeGreaterThan(0);
    expect(new Set(recordings.map((r) => r.url)).size).toBe(1);
    expect(fs.statSync(fileOf(recordings[0].url)).size).toBeGreaterThan(1000);
    expect(recordings.every((r) => r.duration_seconds === 6)).toBe(true);
  });

  it("gives the recorded course a session with two transcoded videos on shelf", async () => {
    const rows = await seeded.db.kysely
      .selectFrom("media_files as m")
      .innerJoin("lives as l", "l.id", "m.live_id")
      .innerJoin("courses as c", "c.id", "l.course_id")
      .select(["m.idx", "m.state", "m.output_name", "c.type"])
      .orderBy("m.idx")
      .execute();
    expect(rows.map((r) => [r.idx, r.state, r.type])).toEqual([
      [1, "success", 200],
      [2, "success", 200],
    ]);
    for (const r of rows) expect(fs.existsSync(path.join(seeded.fresh.dataDir, "media", r.output_name))).toBe(true);
  });
});
