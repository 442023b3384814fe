// `node --import tsx scripts/bench-media.ts`: recorded media and the large class's HLS under load
// (issue 18, Performance). Five parts, each printing its figures beside the issue's target, a miss
// printed as MISS; BENCH_MEDIA_ONLY=sequence,list,transcode,hls,jobs runs some of them.
// - sequence: saving the order of one recorded session's 500 videos (POST media_sequence), < 100 ms;
// - list: the recorded-session list (GET vodsearch) over 100,000 sessions, p95 < 50 ms at 20 connections;
// - transcode: the media job's own transcode() on a 60 s 720p H.264/AAC MP4 (copied, < 2 s) and an
//   MPEG-4 Part 2 AVI (re-encoded, < 60 s);
// - hls: 1,000 viewers of one live's playlist through the real HLS route for 60 s, the viewers in a
//   child process so the server's CPU is measured alone;
// - jobs: 20 queued jobs claimed by two runners in two processes on one database, each run once.
// The server runs in this process (scripts/lib/bench-app.ts), SQLite opened as main.ts opens it.
import { execFile, fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { broadcastSettings, roomApi } from "../resources/rooms/room-api";
import { mediaApi } from "../resources/vod/media-api";
import { vodApi } from "../resources/vod/vod-session";
import { ffmpegTools } from "../server/adapters/ffmpeg";
import { loadConfig } from "../server/config";
import { openDb, type Db } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { enqueue, JobRunner } from "../server/engine/jobs";
import { seedAll } from "../server/seed/index";
import { transcode } from "../server/services/media/ffmpeg-work";
import { mediaStore } from "../server/services/media/store";
import { Broadcasts } from "../server/services/rooms/broadcast";
import { liveEncodeArgs } from "../server/services/rooms/hls-encode";
import { signRoomToken } from "../server/services/rooms/room-token";
import { tokenSecret } from "../server/services/tool-tokens";
import { listeningAsAdmin } from "./lib/bench-app";
import { scratchPostgres } from "./lib/scratch-pg";

const DAY = 86_400_000;
const RECORDED = 200;
const run = promisify(execFile);
const self = fileURLToPath(import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
};
const ms = (v: number) => v.toFixed(1).padStart(6);
const verdict = (met: boolean) => (met ? "ok" : "MISS");
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

interface Answer {
  ms: number;
  status: number;
  bytes: number;
  text: string;
}

/** One request over `agent`; the body is kept as text only when asked (a segment is only counted). */
function send(agent: http.Agent, url: URL, opts: { method?: string; cookie?: string; body?: unknown; keep?: boolean } = {}): Promise<Answer> {
  const started = performance.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: http.OutgoingHttpHeaders = opts.cookie ? { cookie: opts.cookie } : {};
  if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on("data", (d: Buffer) => {
        bytes += d.length;
        if (opts.keep !== false) chunks.push(d);
      });
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, bytes, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** A fresh DATA_DIR with the demo seeded (small: the parts add what they measure), and the demo organisation's people. */
async function seeded(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = openDb({ databaseUrl: null, dataDir, readers: 0 });
  await migrateToLatest(db.kysely);
  await seedAll(db, { passwordMemoryKiB: 64, students: 200, historyDays: 1 });
  const org = await db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
  const people = (role: "teacher" | "student") =>
    db.kysely.selectFrom("identities").select("id").where("org_id", "=", org.id).where("role", "=", role).orderBy("id").execute().then((rows) => rows.map((r) => r.id));
  const [teachers, students] = await Promise.all([people("teacher"), people("student")]);
  await db.close();
  return { dataDir, file: path.join(dataDir, "lectern.sqlite"), orgId: org.id, teachers, students };
}

/** Recorded courses (type 200) straight into the file, as bench-lives makes its courses. */
function recordedCourses(raw: SQLite.Database, orgId: number, n: number): number[] {
  const now = Date.now();
  const course = raw.prepare(`insert into courses (org_id, title, type, max_user_num, expire, headimg, detail, status, create_user, created_at, updated_at) values (?, ?, ${RECORDED}, 25, ?, '', '', 1, '压测', ?, ?)`);
  return raw.transaction(() => Array.from({ length: n }, (_, c) => Number(course.run(orgId, `录播压测课程${c}`, now + 365 * DAY, now, now).lastInsertRowid)))();
}

const hex32 = () => crypto.randomBytes(16).toString("hex");

// ---------------------------------------------------------------------------------------------
// 1. Saving the order of 500 videos.

async function benchSequence() {
  const VIDEOS = 500;
  const SAVES = 30;
  const TARGET = 100;
  const s = await seeded("lectern-bench-seq-");
  try {
    const raw = new SQLite(s.file);
    const [courseId] = recordedCourses(raw, s.orgId, 1);
    const now = Date.now();
    const liveId = Number(
      raw
        .prepare("insert into lives (org_id, course_id, title, begin_time, end_time, status, scale, voided, detail, master_id, encrypt_room_id, created_at, updated_at) values (?, ?, '五百个视频的课节', ?, ?, 2, 1, 0, '', 0, ?, ?, ?)")
        .run(s.orgId, courseId, now - DAY, now - DAY + 60_000, hex32(), now, now).lastInsertRowid,
    );
    // Transcoded videos as the job leaves them: state success, a stored output name (no file: the list only names it).
    const video = raw.prepare("insert into media_files (org_id, live_id, idx, filename, state, output_name, duration, size, created_at) values (?, ?, ?, ?, 'success', ?, 600, 104857600, ?)");
    raw.transaction(() => {
      for (let i = 0; i < VIDEOS; i++) video.run(s.orgId, liveId, i + 1, `第${i + 1}段.mp4`, `${hex32()}.mp4`, now + i);
    })();
    raw.close();

    const db = openDb({ databaseUrl: null, dataDir: s.dataDir });
    const { app, base, cookie } = await listeningAsAdmin(db, s.dataDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const listUrl = new URL(mediaApi.list.path, base);
      const seqUrl = new URL(mediaApi.sequence.path, base);
      const saves: number[] = [];
      const lists: number[] = [];
      for (let n = 0; n < SAVES + 3; n++) {
        const list = await send(agent, listUrl, { method: "POST", cookie, body: { roomid: liveId } });
        const listed = JSON.parse(list.text) as { code: number; data: { media_list: { video_id: number }[]; version: number } };
        if (listed.code !== 0 || listed.data.media_list.length !== VIDEOS) throw new Error(`media_list answered code ${listed.code} with ${listed.data?.media_list?.length} videos`);
        const ids = listed.data.media_list.map((m) => m.video_id);
        for (let i = ids.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [ids[i], ids[j]] = [ids[j], ids[i]];
        }
        const saved = await send(agent, seqUrl, { method: "POST", cookie, body: { roomid: liveId, version: listed.data.version, content: ids.map((id, i) => ({ video_id: id, idx: i + 1 })) } });
        const answer = JSON.parse(saved.text) as { code: number; msg?: string; data?: { media_list: { video_id: number }[] } };
        if (answer.code !== 0) throw new Error(`media_sequence answered code ${answer.code}: ${answer.msg}`);
        if (answer.data!.media_list.map((m) => m.video_id).join() !== ids.join()) throw new Error("media_sequence answered another order than the one saved");
        // The first three warm the statements and the JIT.
        if (n >= 3) {
          saves.push(saved.ms);
          lists.push(list.ms);
        }
      }
      const p50 = percentile(saves, 50);
      const p95 = percentile(saves, 95);
      console.log(`\nMedia order (SQLite, server in-process over loopback HTTP, one connection; load ${load()})`);
      console.log(
        `  save the order of ${VIDEOS} videos (media_sequence, shuffled, ${SAVES} saves): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...saves).toFixed(1)} ms (target < ${TARGET} ms; ${verdict(p95 < TARGET)})`,
      );
      console.log(`  (request to last byte of the answer, which lists the 500 videos back; media_list before each: p50 ${percentile(lists, 50).toFixed(1)} ms)`);
      return { p50, p95, max: Math.max(...saves), listP50: percentile(lists, 50) };
    } finally {
      agent.destroy();
      await app.close();
      await db.close();
    }
  } finally {
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The recorded-session list over 100,000 sessions (as bench-lives times the live lists).

const SESSIONS = 100_000;
const SESSION_COURSES = 200;
const BATCH = 1_000;
const subjects = ["高一数学", "初二英语", "物理实验", "化学提高", "编程入门", "语文阅读", "历史专题", "地理探索", "生物课堂", "美术鉴赏"];

/** The sessions, their main teachers, a few students each and, on every fifth, two videos (one on shelf) for the media counts. */
function seedSessions(file: string, orgId: number, teachers: number[], students: number[]) {
  const raw = new SQLite(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const now = Date.now();
  const started = performance.now();
  const courseIds = recordedCourses(raw, orgId, SESSION_COURSES);
  const live = raw.prepare(
    `insert into lives (org_id, course_id, title, begin_time, end_time, status, scale, voided, detail, master_id, encrypt_room_id, created_at, updated_at) values ${Array.from({ length: BATCH }, () => "(?, ?, ?, ?, ?, ?, 1, 0, '', 0, ?, ?, ?)").join(", ")} returning id`,
  );
  const staff = raw.prepare(`insert into live_staff (live_id, identity_id, role, position) values ${Array.from({ length: BATCH }, () => "(?, ?, 'teacher', 0)").join(", ")}`);
  const admitted = raw.prepare(`insert into live_students (org_id, live_id, identity_id, created_at) values ${Array.from({ length: BATCH * 3 }, () => "(?, ?, ?, ?)").join(", ")}`);
  const videos = raw.prepare(`insert into media_files (org_id, live_id, idx, filename, state, output_name, created_at) values ${Array.from({ length: (BATCH / 5) * 2 }, () => "(?, ?, ?, ?, 'success', ?, ?)").join(", ")}`);
  // A session every ten minutes, ending in a year's time; those past have ended (a recorded session's end follows its begin by a minute).
  const first = now - 2 * 365 * DAY;
  const batch = raw.transaction((from: number) => {
    const values: unknown[] = [];
    for (let i = from; i < from + BATCH; i++) {
      const begin = first + i * 600_000;
      values.push(orgId, courseIds[i % SESSION_COURSES], `${subjects[i % subjects.length]}·第${i}讲`, begin, begin + 60_000, begin + 60_000 < now ? 2 : begin < now ? 1 : 0, `${i}`.padStart(32, "0"), now, now);
    }
    const ids = (live.all(...values) as { id: number }[]).map((r) => r.id);
    staff.run(...ids.flatMap((id, k) => [id, teachers[(from + k) % teachers.length]]));
    admitted.run(...ids.flatMap((id, k) => [0, 1, 2].flatMap((n) => [orgId, id, students[(from + k * 3 + n) % students.length], now])));
    videos.run(...ids.filter((_, k) => k % 5 === 0).flatMap((id) => [1, -1].flatMap((idx) => [orgId, id, idx, `视频${idx}.mp4`, `${hex32()}.mp4`, now])));
  });
  for (let i = 0; i < SESSIONS; i += BATCH) batch(i);
  raw.close();
  return { seedMs: performance.now() - started, courseId: courseIds[7] };
}

async function timeList(base: URL, cookie: string, url: string, connections: number, requests: number, warmUp: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let count = -1;
  const once = async () => {
    const res = await send(agent, new URL(url, base), { cookie });
    const body = JSON.parse(res.text) as { code?: number; count?: number };
    if (body.code !== 0) throw new Error(`${url} answered code ${body.code}`);
    count = body.count ?? -1;
    return res.ms;
  };
  try {
    await Promise.all(Array.from({ length: Math.max(warmUp, connections) }, once));
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < requests) samples.push(await once());
      }),
    );
    return { count, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
  } finally {
    agent.destroy();
  }
}

async function benchList() {
  const REQUESTS = 400;
  const WARM_UP = 30;
  const TARGET = 50;
  const s = await seeded("lectern-bench-vodlist-");
  try {
    const { seedMs, courseId } = seedSessions(s.file, s.orgId, s.teachers, s.students);
    const db = openDb({ databaseUrl: null, dataDir: s.dataDir });
    const { app, base, cookie } = await listeningAsAdmin(db, s.dataDir);
    try {
      const q = (params: Record<string, string | number>) => `${vodApi.search.path}?${new URLSearchParams({ page: "1", count: "10", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
      const scenarios: [string, string][] = [
        ["every session", q({})],
        ["one course (couseid)", q({ couseid: courseId })],
        ["name fragment, common (数学)", q({ title: "数学" })],
        ["name fragment, rare (第4242讲)", q({ title: "第4242讲" })],
        ["status 2 (ended), page 100", q({ status: 2, page: 100 })],
        ["status 0 (not begun)", q({ status: 0 })],
        ["course + fragment", q({ couseid: courseId, title: "第7" })],
      ];
      console.log(`\nRecorded-session list /cms/vodsearch (SQLite, server in-process over loopback HTTP; ${os.availableParallelism()} cores, load ${load()})`);
      console.log(`  ${SESSIONS.toLocaleString("en")} sessions of ${SESSION_COURSES} recorded courses (a teacher, 3 students each, 2 videos on every fifth) seeded in ${(seedMs / 1000).toFixed(1)} s`);
      console.log(`  ${REQUESTS} requests each after ${WARM_UP} warm-up; ms p50 / p95 / p99; target p95 < ${TARGET} at 20 connections`);
      const results: Record<string, unknown> = {};
      let missed = 0;
      for (const [name, url] of scenarios) {
        const one = await timeList(base, cookie, url, 1, REQUESTS, WARM_UP);
        const twenty = await timeList(base, cookie, url, 20, REQUESTS, WARM_UP);
        if (twenty.p95 >= TARGET) missed++;
        results[name] = { url, one, twenty };
        console.log(
          `  ${name.padEnd(30)} ${String(twenty.count).padStart(7)} rows   1: ${ms(one.p50)} /${ms(one.p95)}   20: ${ms(twenty.p50)} /${ms(twenty.p95)} /${ms(twenty.p99)}   ${verdict(twenty.p95 < TARGET)}`,
        );
      }
      console.log(`  after the runs: load ${load()}; ${missed === 0 ? "every scenario met the target" : `${missed} scenario(s) MISSED the target`}`);
      return { seedMs, results };
    } finally {
      await app.close();
      await db.close();
    }
  } finally {
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Transcode time of the media job's own transcode().

async function benchTranscode() {
  const tools = ffmpegTools();
  console.log(`\nTranscode (the media job's transcode(): probe, ffmpeg, poster; 60 s of 1280x720 at 25 fps with a tone)`);
  if (!tools) {
    console.log("  skipped: ffmpeg/ffprobe not found (FFMPEG_PATH, FFPROBE_PATH)");
    return { skipped: true };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-transcode-"));
  try {
    const source = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "60"];
    const inputs = [
      { name: "H.264/AAC MP4 (streams copied)", file: path.join(dir, "in.mp4"), args: ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k"], targetS: 2 },
      { name: "MPEG-4 Part 2/PCM AVI (re-encoded)", file: path.join(dir, "in.avi"), args: ["-c:v", "mpeg4", "-q:v", "5", "-c:a", "pcm_s16le"], targetS: 60 },
    ];
    const results: Record<string, unknown> = {};
    for (const input of inputs) {
      // The test video is made outside the timing: only what an upload costs the server is measured.
      await run(tools.ffmpeg, [...source, ...input.args, input.file], { timeout: 600_000 });
      const started = performance.now();
      const done = await transcode(tools, input.file, path.join(dir, `${path.basename(input.file)}.out.mp4`), path.join(dir, `${path.basename(input.file)}.jpg`));
      const seconds = (performance.now() - started) / 1000;
      const mb = (n: number) => (n / 1048576).toFixed(1);
      const inBytes = fs.statSync(input.file).size;
      const outBytes = fs.statSync(path.join(dir, `${path.basename(input.file)}.out.mp4`)).size;
      results[input.name] = { seconds, duration: done.duration, poster: done.poster, inBytes, outBytes };
      console.log(
        `  ${input.name.padEnd(36)} ${mb(inBytes).padStart(6)} MB → ${mb(outBytes).padStart(6)} MB in ${seconds.toFixed(2)} s (${done.duration} s video, poster ${done.poster ? "made" : "none"}; target < ${input.targetS} s; ${verdict(seconds < input.targetS)})`,
      );
    }
    return results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 4. 1,000 HLS viewers of one live.

interface ViewerSetup {
  playlist: string;
  viewers: number;
  seconds: number;
  segmentSeconds: number;
}

interface ViewerResult {
  segmentMs: number[];
  playlistMs: number[];
  deliveryMs: number[];
  freezesMs: number[];
  stalledViewers: number;
  segments: number;
  bytes: number;
  errors: string[];
  behind: number;
}

/** The viewers (the child process): each polls the playlist every segment length over its own keep-alive connection and fetches every new segment. */
async function viewers(setup: ViewerSetup): Promise<ViewerResult> {
  const out: ViewerResult = { segmentMs: [], playlistMs: [], deliveryMs: [], freezesMs: [], stalledViewers: 0, segments: 0, bytes: 0, errors: [], behind: 0 };
  const playlistUrl = new URL(setup.playlist);
  const period = setup.segmentSeconds * 1000;
  const end = Date.now() + setup.seconds * 1000;
  const one = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Viewers arrive spread over one period, as a class joins, not in one instant.
    await sleep((n * period) / setup.viewers);
    let last = -1;
    let playAt = 0;
    let stalled = false;
    try {
      while (Date.now() < end) {
        const polled = Date.now();
        const list = await send(agent, playlistUrl).catch((err: Error) => Promise.reject(new Error(`playlist: ${err.message}`)));
        out.playlistMs.push(list.ms);
        if (list.status !== 200) throw new Error(`playlist answered ${list.status}`);
        const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(list.text)?.[1] ?? 0);
        const entries: { seq: number; uri: string; written: number }[] = [];
        let written = 0;
        for (const line of list.text.split("\n")) {
          if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) written = Date.parse(line.slice(25));
          else if (line && !line.startsWith("#")) entries.push({ seq: sequence + entries.length, uri: line.trim(), written });
        }
        // A player joins at the newest segment; after that it takes every one it has not had.
        const fresh = last < 0 ? entries.slice(-1) : entries.filter((e) => e.seq > last);
        if (last >= 0 && fresh.length && fresh[0].seq > last + 1) out.behind++;
        for (const e of fresh) {
          const url = new URL(playlistUrl);
          url.pathname = url.pathname.replace(/[^/]+$/, e.uri);
          const seg = await send(agent, url, { keep: false }).catch((err: Error) => Promise.reject(new Error(`segment: ${err.message}`)));
          const arrived = Date.now();
          if (seg.status !== 200) throw new Error(`segment answered ${seg.status}`);
          out.segmentMs.push(seg.ms);
          out.deliveryMs.push(arrived - e.written);
          out.segments++;
          out.bytes += seg.bytes;
          // Playback with no buffer beyond the segment in hand: each segment is due when the one before has played; later is a freeze.
          if (last >= 0 && arrived > playAt) {
            out.freezesMs.push(arrived - playAt);
            if (arrived - playAt > period) stalled = true;
            playAt = arrived;
          } else if (last < 0) playAt = arrived;
          playAt += period;
          last = e.seq;
        }
        await sleep(Math.max(0, polled + period - Date.now()));
      }
    } catch (err) {
      out.errors.push(err instanceof Error ? err.message : String(err));
    } finally {
      agent.destroy();
      if (stalled) out.stalledViewers++;
    }
  };
  await Promise.all(Array.from({ length: setup.viewers }, (_, n) => one(n)));
  return out;
}

async function benchHls() {
  const VIEWERS = 1000;
  const SECONDS = 60;
  const SEGMENT_S = broadcastSettings.segmentSeconds;
  const LIST_SIZE = 6;
  const tools = ffmpegTools();
  console.log(`\nLarge class HLS (${VIEWERS} viewers of one live for ${SECONDS} s through ${roomApi.hls.path}; server in this process, viewers in a child process)`);
  if (!tools) {
    console.log("  skipped: ffmpeg not found (the segments are made by it)");
    return { skipped: true };
  }
  const s = await seeded("lectern-bench-hls-");
  const db = openDb({ databaseUrl: null, dataDir: s.dataDir });
  let child: ChildProcess | undefined;
  try {
    // 720p segments as the broadcast's ffmpeg makes them (its codec settings, ~2 s each), cycled under new names as the live goes on.
    const sourceDir = path.join(s.dataDir, "bench-segments");
    fs.mkdirSync(sourceDir);
    await run(
      tools.ffmpeg,
      [
        ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "10"],
        ...liveEncodeArgs(),
        ...["-f", "hls", "-hls_time", String(SEGMENT_S), "-hls_list_size", "0"],
        ...["-hls_segment_filename", path.join(sourceDir, "src-%03d.ts"), path.join(sourceDir, "src.m3u8")],
      ],
      { timeout: 600_000 },
    );
    const sources = fs.readdirSync(sourceDir).filter((f) => f.endsWith(".ts")).sort().map((f) => path.join(sourceDir, f));
    const meanBytes = sources.reduce((sum, f) => sum + fs.statSync(f).size, 0) / sources.length;

    const live = await db.kysely.selectFrom("lives").select("id").where("org_id", "=", s.orgId).orderBy("id").executeTakeFirstOrThrow();
    const config = loadConfig({ DATA_DIR: s.dataDir, LOG_LEVEL: "silent" });
    const key = tokenSecret(config);
    // The live published: the state file the service keeps beside its folder (broadcast.ts Stored), the folder found through the service's own fileOf.
    const folder = hex32();
    fs.mkdirSync(path.join(s.dataDir, "broadcasts", String(live.id)), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, "broadcasts", String(live.id), "state.json"), JSON.stringify({ folder, state: "live", runs: 1 }));
    const { app, base } = await listeningAsAdmin(db, s.dataDir);
    const paths = new Broadcasts({ db, key, dataDir: s.dataDir, media: mediaStore(s.dataDir), tools: () => tools, publish: async () => {}, log: app.log });
    const where = async (file: string) => (await paths.fileOf(live.id, folder, file))!.path;
    const playlistFile = await where("live.m3u8");
    fs.mkdirSync(path.dirname(playlistFile), { recursive: true });
    await paths.close();

    // The publication, in this process: a segment every 2 s, then the playlist naming it (written beside and renamed, as ffmpeg does), each stamped with when it was written.
    const written: { name: string; at: number }[] = [];
    let index = 0;
    const publish = async () => {
      const name = `r1-${String(index).padStart(5, "0")}.ts`;
      const file = await where(name);
      fs.copyFileSync(sources[index % sources.length], file);
      written.push({ name, at: Date.now() });
      index++;
      const shown = written.slice(-LIST_SIZE);
      const text = [
        "#EXTM3U",
        "#EXT-X-VERSION:6",
        `#EXT-X-TARGETDURATION:${SEGMENT_S}`,
        `#EXT-X-MEDIA-SEQUENCE:${written.length - shown.length}`,
        "#EXT-X-INDEPENDENT-SEGMENTS",
        ...shown.flatMap((w) => [`#EXT-X-PROGRAM-DATE-TIME:${new Date(w.at).toISOString()}`, `#EXTINF:${SEGMENT_S}.000000,`, w.name]),
        "",
      ].join("\n");
      fs.writeFileSync(`${playlistFile}.tmp`, text);
      fs.renameSync(`${playlistFile}.tmp`, playlistFile);
    };
    for (let i = 0; i < 3; i++) await publish();
    const token = signRoomToken(key, { orgId: s.orgId, liveId: live.id, identityId: 0, userType: 0, role: "guest", key: "a-bench", name: "压测观众", playType: 1, exparam: "" });
    const playlist = new URL(`${roomApi.hls.path.replace(":live", String(live.id)).replace(":folder", folder).replace(":file", "live.m3u8")}?token=${encodeURIComponent(token)}`, base);
    const check = await send(new http.Agent(), playlist);
    if (check.status !== 200 || !check.text.includes("r1-00002.ts")) throw new Error(`the HLS route answered ${check.status}: ${check.text.slice(0, 200)}`);

    try {
      child = fork(self, [], { execArgv: ["--import", "tsx"], env: { ...process.env, BENCH_MEDIA_ROLE: "viewers" }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      const finished = new Promise<ViewerResult>((resolve, reject) => {
        child!.on("message", (m) => m !== "ready" && resolve(m as ViewerResult));
        child!.on("exit", (code) => reject(new Error(`the viewers' process exited with ${code}`)));
      });
      await new Promise((resolve) => child!.once("message", resolve));
      const producer = setInterval(() => void publish(), SEGMENT_S * 1000);
      const cpu = process.cpuUsage();
      const started = performance.now();
      child.send({ playlist: playlist.toString(), viewers: VIEWERS, seconds: SECONDS, segmentSeconds: SEGMENT_S } satisfies ViewerSetup);
      const result = await finished;
      const wall = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      clearInterval(producer);
      const cores = (used.user + used.system) / 1e6 / wall;
      const worstFreeze = result.freezesMs.length ? Math.max(...result.freezesMs) : 0;
      const longFreezes = result.freezesMs.filter((f) => f > SEGMENT_S * 1000).length;
      const deliveryP95 = percentile(result.deliveryMs, 95);
      console.log(`  segments of ${(meanBytes / 1024).toFixed(0)} KB (720p H.264 + AAC, broadcast.ts's settings) every ${SEGMENT_S} s; ${result.segments.toLocaleString("en")} segments served, ${(result.bytes / 1048576 / wall).toFixed(1)} MB/s; load ${load()}`);
      console.log(
        `  segment request to last byte: p50 ${percentile(result.segmentMs, 50).toFixed(1)} ms, p95 ${percentile(result.segmentMs, 95).toFixed(1)} ms, p99 ${percentile(result.segmentMs, 99).toFixed(1)} ms; playlist p95 ${percentile(result.playlistMs, 95).toFixed(1)} ms`,
      );
      console.log(
        `  segment written → in a viewer's hands: p50 ${(percentile(result.deliveryMs, 50) / 1000).toFixed(2)} s, p95 ${(deliveryP95 / 1000).toFixed(2)} s (target after capture < 6 s: capture adds the segment's ${SEGMENT_S} s and the encode; ${verdict(deliveryP95 + SEGMENT_S * 1000 < 6000)})`,
      );
      console.log(`  server process CPU (HTTP, file reads, this publisher's copies; not the viewers): ${cores.toFixed(2)} cores over ${wall.toFixed(0)} s (target < 1 core; ${verdict(cores < 1)}), ${(((used.user + used.system) / 1000) / result.segments).toFixed(1)} ms of CPU a segment served`);
      console.log(
        `  stalls (a segment arriving after the one before had played): ${result.freezesMs.length}, longest ${(worstFreeze / 1000).toFixed(2)} s, ${longFreezes} longer than ${SEGMENT_S} s in ${result.stalledViewers} viewer(s) (target none > 2 s; ${verdict(longFreezes === 0)}); a viewer skipping listed segments: ${result.behind}; errors: ${result.errors.length}${result.errors.length ? ` (${[...new Set(result.errors)].slice(0, 3).join("; ")})` : ""}`,
      );
      return { meanBytes, wall, cores, ...result, segmentMs: undefined, playlistMs: undefined, deliveryMs: undefined, freezesMs: undefined };
    } finally {
      child?.kill();
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Jobs claimed by two runners in two processes on one database.

const JOB_KIND = "bench.count";

/** A runner (the child process): waits for the word, then drains the queue, each job taking a little while so the two runners' claims interleave. */
async function runner(opts: { databaseUrl: string | null; dataDir: string; holder: string }) {
  const db = openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, readers: 0, poolSize: 4 });
  const ran: number[] = [];
  const jobs = new JobRunner(db, { holder: opts.holder });
  jobs.register(JOB_KIND, {
    run: async (job) => {
      ran.push((job.payload as { n: number }).n);
      await sleep(20);
    },
  });
  process.send!("ready");
  await new Promise((resolve) => process.once("message", resolve));
  await jobs.drain();
  await db.close();
  return ran;
}

async function benchJobs() {
  const JOBS = 20;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-jobs-"));
  const pg = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, "lectern_bench_jobs") : null;
  const on = pg ? "PostgreSQL" : "SQLite file";
  const db: Db = openDb({ databaseUrl: pg?.url ?? null, dataDir, readers: 0 });
  try {
    await migrateToLatest(db.kysely);
    for (let n = 0; n < JOBS; n++) await enqueue(db.kysely, { kind: JOB_KIND, payload: { n } });
    const children = ["one", "two"].map((holder) =>
      fork(self, [], { execArgv: ["--import", "tsx"], env: { ...process.env, BENCH_MEDIA_ROLE: "runner", BENCH_MEDIA_RUNNER: JSON.stringify({ databaseUrl: pg?.url ?? null, dataDir, holder }) }, stdio: ["ignore", "inherit", "inherit", "ipc"] }),
    );
    const results = children.map(
      (child) =>
        new Promise<number[]>((resolve, reject) => {
          child.on("message", (m) => m !== "ready" && resolve(m as number[]));
          child.on("exit", (code) => reject(new Error(`a runner exited with ${code}`)));
        }),
    );
    // Both started before either claims: the claims race, as two servers' runners do.
    await Promise.all(children.map((child) => new Promise((resolve) => child.once("message", resolve))));
    for (const child of children) child.send("go");
    const ran = await Promise.all(results);
    for (const child of children) child.kill();
    const all = ran.flat();
    const times = new Map<number, number>();
    for (const n of all) times.set(n, (times.get(n) ?? 0) + 1);
    const once = Array.from({ length: JOBS }, (_, n) => n).filter((n) => times.get(n) === 1).length;
    const states = await db.kysely.selectFrom("jobs").select("state").where("kind", "=", JOB_KIND).execute();
    const done = states.filter((r) => r.state === "done").length;
    const met = once === JOBS && all.length === JOBS && done === JOBS;
    console.log(`\nJobs across processes (${on}; two runners in two child processes, ${JOBS} jobs queued before either starts)`);
    console.log(`  runs: ${all.length} (${ran[0].length} + ${ran[1].length}); jobs run exactly once: ${once}/${JOBS}; rows done: ${done}/${JOBS} (target each exactly once; ${verdict(met)})`);
    return { on, runs: all.length, split: ran.map((r) => r.length), once, done };
  } finally {
    await db.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const role = process.env.BENCH_MEDIA_ROLE;
if (role === "viewers") {
  // Told what to fetch once the server is up; answers the figures and leaves.
  process.send!("ready");
  const setup = await new Promise<ViewerSetup>((resolve) => process.once("message", (m) => resolve(m as ViewerSetup)));
  process.send!(await viewers(setup), () => process.exit(0));
} else if (role === "runner") {
  const ran = await runner(JSON.parse(process.env.BENCH_MEDIA_RUNNER!) as { databaseUrl: string | null; dataDir: string; holder: string });
  process.send!(ran, () => process.exit(0));
} else {
  const parts = { sequence: benchSequence, list: benchList, transcode: benchTranscode, hls: benchHls, jobs: benchJobs };
  const only = process.env.BENCH_MEDIA_ONLY?.split(",").map((p) => p.trim()).filter(Boolean);
  const unknown = only?.filter((p) => !(p in parts)) ?? [];
  if (unknown.length) throw new Error(`BENCH_MEDIA_ONLY names no part ${unknown.join(", ")}; the parts: ${Object.keys(parts).join(", ")}`);
  const results: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(parts)) if (!only || only.includes(name)) results[name] = await part();
  fs.mkdirSync(".bench", { recursive: true });
  fs.writeFileSync(".bench/media.json", JSON.stringify(results, null, 2));
}
