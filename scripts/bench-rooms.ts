// `npx tsx scripts/bench-rooms.ts`: 1,000 simulated viewers (WebSocket clients over loopback)
// joining one live within a minute through its share link, then 50 chat messages a second, against
// the production server on SQLite (issue 11, Performance). Checks that no presence or chat event is
// lost (every viewer ends seeing all the others, and hears every message sent after it joined), that
// the concurrency sample counts the viewers present, and the p99 of a message's delivery (target
// < 200 ms). Prints the figures and the load average. BENCH_ROOMS_VIEWERS and BENCH_ROOMS_CHAT_SECONDS
// shrink it for a quick look.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { roomApi, roomSocketPath } from "../resources/room-api";
import type { ServerMessage } from "../resources/room-protocol";
import { openDb } from "../server/db/database";
import { startServer } from "./lib/server-process.mjs";

const VIEWERS = Number(process.env.BENCH_ROOMS_VIEWERS || 1000);
const JOIN_WITHIN_MS = 40_000;
const CHAT_PER_SECOND = 50;
const CHAT_SECONDS = Number(process.env.BENCH_ROOMS_CHAT_SECONDS || 20);
const P99_TARGET_MS = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-rooms-"));
const server = await startServer({ dataDir, env: { DEMO: "0", LECTERN_RATE_LIMITS: "off" } });
const db = openDb({ databaseUrl: null, dataDir, readers: 0 });
const now = Date.now();
const org = (await db.kysely.insertInto("organisations").values({ name: "压测学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
const course = await db.kysely
  .insertInto("courses")
  .values({ org_id: org, title: "压测课程", type: 1, max_user_num: 100_000, expire: now + 86_400_000, headimg: "", detail: "", status: 1, create_user: "压测", created_at: now, updated_at: now })
  .returning("id")
  .executeTakeFirstOrThrow();
const guid = `bench${now}`;
const live = await db.kysely
  .insertInto("lives")
  .values({ org_id: org, course_id: course.id, title: "千人直播压测", begin_time: now - 60_000, end_time: now + 3_600_000, status: 1, scale: 1, voided: 0, detail: "", master_id: 0, created_at: now, updated_at: now, share_guid: guid })
  .returning("id")
  .executeTakeFirstOrThrow();

interface Viewer {
  socket: WebSocket;
  name: string;
  /** Connections present as this viewer last knew them. */
  present: Map<string, string>;
  chats: Set<number>;
  joinedAt: number;
}

const viewers: Viewer[] = [];
const delays: number[] = [];
const sentAt = new Map<string, number>();
const wsBase = server.baseURL.replace(/^http/, "ws");

async function join(i: number): Promise<Viewer> {
  const name = `观众${i}`;
  const res = await fetch(server.baseURL + roomApi.shareEnter.path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ guid, byname: 1, name }) });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`viewer ${i}: ${body.msg}`);
  // A browser checks the text it receives; the simulated viewers need not spend the CPU on it.
  const socket = new WebSocket(wsBase + roomSocketPath, { skipUTF8Validation: true, perMessageDeflate: false });
  const viewer: Viewer = { socket, name, present: new Map(), chats: new Set(), joinedAt: 0 };
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.on("open", () => socket.send(JSON.stringify({ t: "hello", token: body.data.token })));
    const read = (m: ServerMessage) => {
      if (m.t === "batch") return m.m.forEach(read);
      if (m.t === "welcome") {
        for (const p of m.present) viewer.present.set(p.conn, p.key);
        viewer.joinedAt = Date.now();
        resolve();
      } else if (m.t === "join") viewer.present.set(m.entry.conn, m.entry.key);
      else if (m.t === "leave") viewer.present.delete(m.conn);
      else if (m.t === "chat") {
        viewer.chats.add(m.chat.id);
        const sent = sentAt.get(m.chat.txt);
        if (sent !== undefined) delays.push(Date.now() - sent);
      } else if (m.t === "error") reject(new Error(`viewer ${i}: ${m.msg}`));
    };
    socket.on("message", (raw) => read(JSON.parse(raw.toString()) as ServerMessage));
  });
  return viewer;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const people = (v: Viewer) => new Set(v.present.values()).size;

// ── joining: VIEWERS within JOIN_WITHIN_MS, evenly spread ─────────────────────────────────────
const joinStart = Date.now();
const joining: Promise<Viewer>[] = [];
for (let i = 0; i < VIEWERS; i++) {
  const due = joinStart + (i * JOIN_WITHIN_MS) / VIEWERS;
  await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  joining.push(join(i).then((v) => (viewers.push(v), v)));
}
await Promise.all(joining);
const joinMs = Date.now() - joinStart;
// Joins still on their way to earlier viewers.
const settle = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
};
await settle(() => viewers.every((v) => people(v) === VIEWERS));
const presenceShort = viewers.filter((v) => people(v) !== VIEWERS).length;

// CPU seconds of a process so far (Linux /proc), to tell whose work the chat phase is.
const cpuOf = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

// ── chat: CHAT_PER_SECOND for CHAT_SECONDS, each from the next viewer in turn ─────────────────
const total = CHAT_PER_SECOND * CHAT_SECONDS;
const cpuBefore = { server: cpuOf(server.pid ?? 0), viewers: process.cpuUsage() };
const chatStart = Date.now();
for (let n = 0; n < total; n++) {
  const due = chatStart + (n * 1000) / CHAT_PER_SECOND;
  await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  const txt = `压测消息${n}`;
  sentAt.set(txt, Date.now());
  viewers[n % viewers.length].socket.send(JSON.stringify({ t: "chat", txt }));
}
await settle(() => viewers.every((v) => v.chats.size >= total));
const chatMs = Date.now() - chatStart;
const viewersCpu = process.cpuUsage(cpuBefore.viewers);
const cpu = { server: cpuOf(server.pid ?? 0) - cpuBefore.server, viewers: (viewersCpu.user + viewersCpu.system) / 1e6 };
const chatShort = viewers.filter((v) => v.chats.size < total).length;
const delivered = viewers.reduce((sum, v) => sum + v.chats.size, 0);
const stored = Number((await db.kysely.selectFrom("room_chats").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", live.id).executeTakeFirstOrThrow()).n);

// ── the concurrency sample of the next minute, everyone still there ───────────────────────────
const nextSample = Math.ceil(Date.now() / 60_000) * 60_000;
let sample: number | null = null;
await settle(() => false, nextSample - Date.now() + 3000);
for (let i = 0; i < 50 && sample === null; i++) {
  const row = await db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", nextSample).executeTakeFirst();
  if (row) sample = Number(row.usernum);
  else await new Promise((r) => setTimeout(r, 200));
}
const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");

for (const v of viewers) v.socket.close();
await settle(() => viewers.every((v) => v.socket.readyState === WebSocket.CLOSED), 10_000);
await server.stop();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...delays].sort((a, b) => a - b);
const p99 = quantile(sorted, 0.99);
console.log(`\nLive room bench (SQLite, loopback WebSockets, ${os.availableParallelism()} cores)`);
console.log(`  ${VIEWERS} viewers joined in ${(joinMs / 1000).toFixed(1)} s; every viewer sees all ${VIEWERS}: ${presenceShort === 0 ? "yes" : `no, ${presenceShort} short`}`);
console.log(`  ${total} chat messages at ${CHAT_PER_SECOND}/s over ${(chatMs / 1000).toFixed(1)} s; stored ${stored}; delivered ${delivered} of ${total * VIEWERS} (${chatShort === 0 ? "none lost" : `${chatShort} viewers short`})`);
console.log(`  delivery ms: p50 ${quantile(sorted, 0.5)}, p95 ${quantile(sorted, 0.95)}, p99 ${p99}, max ${sorted[sorted.length - 1]} (target p99 < ${P99_TARGET_MS}; ${p99 < P99_TARGET_MS ? "ok" : "MISS"})`);
console.log(`  CPU during the chat: server ${cpu.server.toFixed(1)} s, the ${VIEWERS} simulated viewers ${cpu.viewers.toFixed(1)} s, over ${(chatMs / 1000).toFixed(1)} s`);
console.log(`  concurrency sample at ${new Date(nextSample).toTimeString().slice(0, 8)}: ${sample ?? "none"} (viewers present ${VIEWERS}; ${sample === VIEWERS ? "ok" : "MISS"})`);
console.log(`  load average (1, 5, 15 min): ${load}`);
if (presenceShort || chatShort || stored !== total || sample !== VIEWERS || !(p99 < P99_TARGET_MS)) process.exitCode = 1;
