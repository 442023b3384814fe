// `node --import tsx scripts/bench-live-monitor.ts`: who is online (issue 20, Performance:
// `/userLiveStatus` over 5,000 enrolled students p95 < 50 ms). Seeds, straight through better-sqlite3
// after the migrations, one organisation with a course of 5,000 students and a live running now,
// 2,000 of them in its room (open, fresh visits, as the room writes them) and 3,000 with a visit
// that ended, plus 50 share-link guests; then starts the real server (buildApp, HTTP on loopback,
// keep-alive) and times GET /cms/userlivestatus as the page asks it every 10 s: the first page of
// all, of the online and of the offline students, and a last page, each 200 times after a warm-up.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { monitorApi } from "../resources/live-monitor/monitor-api";
import { outboxAdapter } from "../server/adapters/sms";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDb } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { hashPassword } from "../server/services/passwords";

const STUDENTS = 5_000;
const ONLINE = 2_000;
const GUESTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const TARGET_MS = 50;
const ADMIN_MOBILE = "13700000000";
const PASSWORD = "bench1234";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-monitor-"));
try {
  const setup = openDb({ databaseUrl: null, dataDir, readers: 0 });
  await migrateToLatest(setup.kysely);
  await setup.close();

  const hash = await hashPassword(PASSWORD, 10);
  const now = Date.now();
  const raw = new SQLite(path.join(dataDir, "lectern.sqlite"));
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  let liveId = 0;
  let courseId = 0;
  raw.transaction(() => {
    const orgId = Number(raw.prepare("insert into organisations (name, balance_milli, created_at) values ('压测学校', 0, ?)").run(now).lastInsertRowid);
    const adminPerson = Number(raw.prepare("insert into persons (mobile, password_hash, nickname, headimg, created_at, updated_at) values (?, ?, '压测', '', ?, ?)").run(ADMIN_MOBILE, hash, now, now).lastInsertRowid);
    raw.prepare("insert into identities (person_id, org_id, role, name, nick, userop, useropex, created_at, updated_at) values (?, ?, 'admin', '压测', '压测', '[]', '[]', ?, ?)").run(adminPerson, orgId, now, now);
    courseId = Number(raw.prepare("insert into courses (org_id, title, type, max_user_num, expire, headimg, detail, status, create_user, created_at, updated_at) values (?, '压测课程', 1, 10000, ?, '', '', 1, '压测', ?, ?)").run(orgId, now + 86_400_000, now, now).lastInsertRowid);
    liveId = Number(
      raw
        .prepare("insert into lives (org_id, course_id, title, begin_time, end_time, status, scale, voided, detail, master_id, encrypt_room_id, created_at, updated_at) values (?, ?, '压测直播', ?, ?, 1, 1, 0, '', 0, '', ?, ?)")
        .run(orgId, courseId, now - 3_600_000, now + 3_600_000, now, now).lastInsertRowid,
    );
    const person = raw.prepare("insert into persons (mobile, password_hash, nickname, headimg, created_at, updated_at) values (?, ?, ?, '', ?, ?)");
    const identity = raw.prepare("insert into identities (person_id, org_id, role, name, nick, userop, useropex, created_at, updated_at) values (?, ?, 'student', ?, ?, '[]', '[]', ?, ?)");
    const enrol = raw.prepare("insert into course_students (course_id, identity_id, created_at) values (?, ?, ?)");
    const visit = raw.prepare(
      "insert into room_visits (org_id, live_id, identity_id, viewer_key, username, role, play_type, device, node, conn, entered_at, left_at, seen_at) values (?, ?, ?, ?, ?, ?, 1, ?, 'bench', ?, ?, ?, ?)",
    );
    for (let n = 0; n < STUDENTS; n++) {
      const name = `学员${n}`;
      const p = Number(person.run(String(15_000_000_000 + n), hash, name, now, now).lastInsertRowid);
      const id = Number(identity.run(p, orgId, name, name, now, now).lastInsertRowid);
      enrol.run(courseId, id, now - n * 1000);
      const entered = now - 40 * 60_000 + (n % 600) * 1000;
      // The first ONLINE are in the room now; the rest came and left.
      if (n < ONLINE) visit.run(orgId, liveId, id, `i${id}`, name, "student", "pc", `s${n}`, entered, null, now);
      else visit.run(orgId, liveId, id, `i${id}`, name, "student", "android", `s${n}`, entered, entered + 5 * 60_000, entered + 5 * 60_000);
    }
    for (let g = 0; g < GUESTS; g++) visit.run(orgId, liveId, null, `a${g}`, `访客${g}`, "guest", "h5", `g${g}`, now - 60_000, null, now);
  })();
  raw.close();

  const db = openDb({ databaseUrl: null, dataDir });
  // The seeded room's heartbeat (room-hub.ts touches its open visits): without it the server's sweep
  // would close them as a gone process's once they are older than presence.ts STALE_MS.
  const beat = () => db.kysely.updateTable("room_visits").set({ seen_at: Date.now() }).where("left_at", "is", null).where("node", "=", "bench").execute();
  await beat();
  const heartbeat = setInterval(() => void beat(), 5_000);
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(dataDir, "no-dist") }), passwordMemoryKiB: 64 };
  const app = await buildApp({ db, config, messages: outboxAdapter(dataDir) });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const login = await app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile: ADMIN_MOBILE, passwd: PASSWORD } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const identities = (await app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
    await app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: identities.admin[0].id, type: "admin" } });

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(new URL(url, base), { agent, headers: { cookie } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
      });
    const scenarios = [
      { label: "all, page 1 × 10", query: "online=-1&page=1&count=10", rows: 10 },
      { label: "online, page 1 × 50", query: "online=1&page=1&count=50", rows: 50 },
      { label: "offline, page 1 × 10", query: "online=0&page=1&count=10", rows: 10 },
      { label: "all, last page × 50", query: `online=-1&page=${STUDENTS / 50}&count=50`, rows: 50 },
    ];
    console.log(`\nWho is online (SQLite; ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(`  GET ${monitorApi.students.path}: ${STUDENTS.toLocaleString("en")} enrolled students, ${ONLINE.toLocaleString("en")} in the room, ${GUESTS} share guests; ${REQUESTS} requests each after ${WARM_UP} warm-up, HTTP keep-alive; ms (p50 / p95)`);
    for (const s of scenarios) {
      const url = `${monitorApi.students.path}?liveid=${liveId}&courseid=${courseId}&${s.query}`;
      const first = JSON.parse((await get(url)).body) as { code: number; msg: string; data: { users: unknown[]; total: number; onlinenum: number; sharenum: number } };
      if (first.code !== 0 || first.data.users.length !== s.rows || first.data.total !== STUDENTS || first.data.onlinenum !== ONLINE || first.data.sharenum !== GUESTS)
        throw new Error(`${s.label}: unexpected answer ${JSON.stringify({ ...first, data: { ...first.data, users: first.data?.users?.length } })}`);
      for (let i = 0; i < WARM_UP; i++) await get(url);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await get(url);
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`${s.label}: HTTP ${res.status}`);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length * 0.5)];
      const p95 = times[Math.floor(times.length * 0.95)];
      console.log(`  ${s.label.padEnd(22)} ${p50.toFixed(1).padStart(6)} / ${p95.toFixed(1).padStart(6)}  (target p95 < ${TARGET_MS} ms; ${p95 < TARGET_MS ? "ok" : "MISS"})`);
    }
    agent.destroy();
  } finally {
    clearInterval(heartbeat);
    await app.close();
  }
} finally {
  if (process.env.BENCH_KEEP) console.log(dataDir);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
