import type { Db } from "../db/database";
import { seedDemo } from "./demo";
import { seedCourses } from "./courses";
import { seedUsage } from "./usage";
import { seedTemplates } from "./templates";
import { seedExams } from "./exams";
import { seedPortal } from "./portal";
import { seedLives } from "./lives";
import { seedCloudDisk } from "./cloud-disk";
import { seedMedia } from "./media";

export { isEmpty } from "./demo";

export interface SeedOptions {
  /** argon2id memory cost of the seeded hashes; tests pass a cheap one. */
  passwordMemoryKiB: number;
  /** Bulk students of 示例学校; tests use a few. */
  students?: number;
  /** Days of usage history to generate (dashboard and statistics). */
  historyDays?: number;
  /** Where the demo's cloud files are written (DATA_DIR); without it the cloud disk starts empty. */
  dataDir?: string;
  /** Where a seed says what it left out (no ffmpeg). */
  say?: (line: string) => void;
}

/** The whole demo, domain by domain; each later seed reads what the earlier ones wrote. */
export async function seedAll(db: Db, opts: SeedOptions): Promise<void> {
  await seedDemo(db, opts);
  await seedCourses(db);
  await seedUsage(db, opts);
  await seedTemplates(db);
  await seedExams(db);
  await seedPortal(db);
  await seedLives(db);
  if (opts.dataDir) await seedCloudDisk(db, opts.dataDir);
  if (opts.dataDir) await seedMedia(db, opts.dataDir, opts.say);
}
