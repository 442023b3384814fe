// `node --import tsx scripts/bench-billing.ts`: the rating job (issue 19, Performance: rating one day
// of usage for 1,000 organisations with 100 lives each in < 10 s on SQLite). Seeds, straight through
// better-sqlite3 after the migrations, 1,000 organisations each with its opening balance, 100 lives
// of a course with a transcoded video each, and a day of per-minute live and playback concurrency
// and 5-minute vod bandwidth samples; then times rateAll of that day as the hourly run calls it, and
// once more (every day rated already: what each later hourly run costs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { openDb } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { reconcile } from "../server/engine/ledger";
import { rateAll } from "../server/services/billing/rating";

const ORGS = 1_000;
const LIVES = 100;
const TARGET_S = 10;
const day = "2026-06-10";
const dayStart = new Date(2026, 5, 10).getTime();
const after = new Date(2026, 5, 11, 1).getTime();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-billing-"));
try {
  const setup = openDb({ databaseUrl: null, dataDir, readers: 0 });
  await migrateToLatest(setup.kysely);
  await setup.close();

  const seedStarted = performance.now();
  const raw = new SQLite(path.join(dataDir, "lectern.sqlite"));
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const org = raw.prepare("insert into organisations (name, balance_milli, created_at) values (?, 1000000, ?)");
  const opening = raw.prepare("insert into ledger (org_id, kind, amount_milli, balance_milli, ref, note, created_at) values (?, 'adjustment', 1000000, 1000000, 'opening', '开账余额', ?)");
  const course = raw.prepare("insert into courses (org_id, title, type, max_user_num, expire, headimg, detail, status, create_user, created_at, updated_at) values (?, '压测课程', 1, 25, ?, '', '', 1, '压测', ?, ?)");
  const live = raw.prepare(`insert into lives (org_id, course_id, title, begin_time, end_time, status, scale, voided, detail, master_id, encrypt_room_id, created_at, updated_at) values (?, ?, ?, ?, ?, 2, 1, 0, '', 0, ?, ?, ?)`);
  const media = raw.prepare("insert into media_files (org_id, live_id, idx, filename, state, duration, size, transcoded_at, created_at) values (?, ?, 1, '课.mp4', 'success', ?, ?, ?, ?)");
  const liveSample = raw.prepare("insert into live_concurrency (org_id, ts, usernum) values (?, ?, ?)");
  const replaySample = raw.prepare("insert into replay_concurrency (org_id, ts, usernum) values (?, ?, ?)");
  const bandwidth = raw.prepare("insert into vod_bandwidth (org_id, ts, mbps) values (?, ?, ?)");
  const seedOrg = raw.transaction((n: number) => {
    const id = Number(org.run(`压测机构${n}`, dayStart).lastInsertRowid);
    opening.run(id, dayStart);
    const courseId = Number(course.run(id, dayStart + 365 * 86_400_000, dayStart, dayStart).lastInsertRowid);
    for (let l = 0; l < LIVES; l++) {
      // The day's lives, seven minutes apart from 8:00, each with its recording's video transcoded after it.
      const begin = dayStart + 8 * 3_600_000 + l * 7 * 60_000;
      const liveId = Number(live.run(id, courseId, `第${l}讲`, begin, begin + 45 * 60_000, `${n}-${l}`.padStart(32, "0"), begin, begin).lastInsertRowid);
      media.run(id, liveId, 2700, 400 * 1024 * 1024, begin + 50 * 60_000, begin);
    }
    for (let m = 0; m < 1440; m++) {
      const ts = dayStart + m * 60_000;
      const busy = m >= 480 && m < 1320;
      liveSample.run(id, ts, busy ? 20 + ((m * 7 + n) % 60) : 0);
      replaySample.run(id, ts, busy ? (m + n) % 15 : 1);
      if (m % 5 === 0) bandwidth.run(id, ts, busy ? 1 + ((m + n) % 9) / 2 : 0.1);
    }
  });
  for (let n = 0; n < ORGS; n++) seedOrg(n);
  raw.close();
  const seedS = (performance.now() - seedStarted) / 1000;

  const db = openDb({ databaseUrl: null, dataDir });
  try {
    console.log(`\nRating (SQLite; ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(`  ${ORGS.toLocaleString("en")} organisations, ${LIVES} lives and videos each, a day of samples (${(ORGS * (1440 * 2 + 288)).toLocaleString("en")} rows) seeded in ${seedS.toFixed(1)} s`);
    let started = performance.now();
    const first = await rateAll(db, day, after);
    const firstS = (performance.now() - started) / 1000;
    started = performance.now();
    const again = await rateAll(db, day, after);
    const againS = (performance.now() - started) / 1000;
    const sample = await reconcile(db.kysely, 1);
    if (first.charged !== ORGS || again.charged !== 0 || sample.balanceMilli !== sample.ledgerMilli) throw new Error(`rated ${first.charged} then ${again.charged}; balance ${sample.balanceMilli} vs ledger ${sample.ledgerMilli}`);
    console.log(`  rating the day: ${firstS.toFixed(2)} s for ${first.charged} charged, ¥${(first.costMilli / 1000).toFixed(2)} in all (target < ${TARGET_S} s; ${firstS < TARGET_S ? "ok" : "MISS"})`);
    console.log(`  rating it again (every organisation rated already, billed nothing): ${againS.toFixed(2)} s`);
  } finally {
    await db.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
