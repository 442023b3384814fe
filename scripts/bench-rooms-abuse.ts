// `npx tsx scripts/bench-rooms-abuse.ts`: the live rooms under abuse (issue 16 items 2.2 and 2.3),
// against the production server on SQLite, over loopback only.
// - 1,000 share-link guests join one live over 10 s, spread over 250 loopback addresses
//   (127.0.0.2 …, a few per home) while /healthz is asked every 50 ms: its p50 and p95 (target p95
//   < 100 ms), the guests welcomed, and the server's memory before and after.
// - One student's room token opens 300 WebSockets at once, each sending 5 chat messages: the pages
//   welcomed, the messages stored and the visit rows written for that one student.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { roomSocketPath } from "../resources/rooms/room-api";
import type { ServerMessage } from "../resources/rooms/room-protocol";
import { openDb } from "../server/db/database";
import { tokenSecret } from "../server/services/tool-tokens";
import { signRoomToken } from "../server/services/rooms/room-token";
import type { Report } from "./bench-rooms-viewers";
import { makeBenchLive, startViewers } from "./lib/room-viewers";
import { startServer } from "./lib/server-process.mjs";

const GUESTS = Number(process.env.BENCH_ROOMS_GUESTS || 1000);
const JOIN_WITHIN_MS = 10_000;
const ADDRESSES = 250;
const PROBE_EVERY_MS = 50;
const P95_TARGET_MS = 100;
const SOCKETS = 300;
const CHATS_PER_SOCKET = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-abuse-"));
const server = await startServer({ dataDir, env: { DEMO: "0" } });
// A bench that fails half-way leaves no server behind.
process.once("exit", () => {
  try {
    process.kill(server.pid!);
  } catch {
    // Already stopped.
  }
});
// The guests' addresses are loopback ones; so must the server's be.
if (new URL(server.baseURL).hostname !== "127.0.0.1") throw new Error(`not a loopback server: ${server.baseURL}`);
const db = openDb({ databaseUrl: null, dataDir, readers: 0 });
const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/** CPU seconds the server process has used so far (Linux /proc), to tell its work from the machine's load. */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

// ── 1,000 guests over 10 s, /healthz asked all along ─────────────────────────────────────────
const guests = await makeBenchLive(db, "游客涌入压测");
let probeFailures = 0;
/** The time /healthz took to answer; a failure (no answer in 10 s) counts as the time it took to fail. */
const probe = async () => {
  const at = performance.now();
  try {
    const res = await fetch(`${server.baseURL}/healthz`);
    await res.arrayBuffer();
    if (!res.ok) probeFailures++;
  } catch {
    probeFailures++;
  }
  return performance.now() - at;
};
/** Asks /healthz every PROBE_EVERY_MS until `stop` settles: the answer times, sorted. */
async function probing(stop: Promise<unknown>): Promise<number[]> {
  const probes: Promise<number>[] = [];
  const prober = setInterval(() => probes.push(probe()), PROBE_EVERY_MS);
  await stop;
  clearInterval(prober);
  return (await Promise.all(probes)).sort((a, b) => a - b);
}
const viewers = startViewers(GUESTS, 2, { baseURL: server.baseURL, guid: guests.guid, joinSpacingMs: JOIN_WITHIN_MS / GUESTS, addresses: ADDRESSES });
await viewers.loaded;
// The same questions with nothing else to do first: what this machine gives (its load is others').
const idle = await probing(new Promise((r) => setTimeout(r, 5000)));
const idleFailures = probeFailures;
const rssBefore = rssMb();
const cpuBefore = cpuSeconds();
const joinStart = await viewers.join();
let joined = "";
const healthz = await probing(
  Promise.all(viewers.workers.map((w) => viewers.next(w, "joined"))).catch((err: Error) => {
    joined = err.message;
  }),
);
const joinMs = Date.now() - joinStart;
const rssAfter = rssMb();
const guestCpu = cpuSeconds() - cpuBefore;
const reports = (await Promise.all(viewers.workers.map((w) => (viewers.tell(w, { cmd: "report" }), viewers.next(w, "report"))))) as Extract<Report, { ev: "report" }>[];
const frames = reports.reduce((sum, r) => sum + r.frames, 0);
const welcomedGuests = await count(db.kysely.selectFrom("room_visits").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", guests.liveId));
await viewers.close();

// ── one student's token, 300 sockets, 5 messages each ────────────────────────────────────────
const flood = await makeBenchLive(db, "单人多连接压测");
const now = Date.now();
const person = await db.kysely.insertInto("persons").values({ mobile: "13700000001", password_hash: "", nickname: "压测学生", headimg: "", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
const student = await db.kysely
  .insertInto("identities")
  .values({ person_id: person.id, org_id: flood.org, role: "student", name: "压测学生", nick: "", userop: "[]", useropex: "[]", created_at: now, updated_at: now })
  .returning("id")
  .executeTakeFirstOrThrow();
await db.kysely.insertInto("live_students").values({ org_id: flood.org, live_id: flood.liveId, identity_id: student.id, created_at: now }).execute();
const token = signRoomToken(tokenSecret({ tokenSecret: null, dataDir }), {
  orgId: flood.org,
  liveId: flood.liveId,
  identityId: student.id,
  userType: 0,
  role: "student",
  key: `i${student.id}`,
  name: "压测学生",
  playType: 1,
  exparam: "",
});
let welcomed = 0;
const refusals = new Map<string, number>();
const floodStart = Date.now();
const sockets = Array.from({ length: SOCKETS }, (_, i) => {
  const socket = new WebSocket(server.baseURL.replace(/^http/, "ws") + roomSocketPath, { perMessageDeflate: false });
  socket.on("open", () => {
    socket.send(JSON.stringify({ t: "hello", token }));
    for (let n = 0; n < CHATS_PER_SOCKET; n++) socket.send(JSON.stringify({ t: "chat", txt: `第${i}页第${n}句` }));
  });
  socket.on("message", (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage;
    if (m.t === "welcome") welcomed++;
    else if (m.t === "error") refusals.set(m.msg, (refusals.get(m.msg) ?? 0) + 1);
  });
  socket.on("error", () => {});
  return socket;
});
// The issue's figure was taken 6 s in.
await new Promise((r) => setTimeout(r, 6000));
const stored = await count(db.kysely.selectFrom("room_chats").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", flood.liveId));
const visits = await count(db.kysely.selectFrom("room_visits").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", flood.liveId));
const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
for (const s of sockets) s.terminate();
const floodMs = Date.now() - floodStart;

await server.stop();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const p95 = quantile(healthz, 0.95);
console.log(`\nLive rooms under abuse (SQLite, loopback only, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(2)})`);
console.log(`  ${GUESTS} share-link guests from ${ADDRESSES} loopback addresses over ${JOIN_WITHIN_MS / 1000} s: all in after ${(joinMs / 1000).toFixed(1)} s${joined ? ` (stopped: ${joined})` : ""}; visits written ${welcomedGuests}`);
console.log(`  /healthz before, the server idle (${idle.length} asked): p50 ${quantile(idle, 0.5).toFixed(1)} ms, p95 ${quantile(idle, 0.95).toFixed(1)} ms, ${idleFailures} unanswered`);
console.log(`  /healthz meanwhile (${healthz.length} asked, one every ${PROBE_EVERY_MS} ms): p50 ${quantile(healthz, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${healthz[healthz.length - 1].toFixed(1)} ms, ${probeFailures - idleFailures} unanswered (target p95 < ${P95_TARGET_MS}; ${p95 < P95_TARGET_MS ? "ok" : "MISS"})`);
console.log(`  frames the server wrote to the guests meanwhile: ${frames} (${(frames / GUESTS).toFixed(1)} a guest, its welcome included)`);
console.log(`  server: ${guestCpu.toFixed(1)} s of CPU meanwhile (${((guestCpu * 1000) / GUESTS).toFixed(1)} ms a guest, their token included); memory ${rssBefore} MB before, ${rssAfter} MB with the guests in`);
console.log(`  one student's token, ${SOCKETS} sockets × ${CHATS_PER_SOCKET} messages, after ${(floodMs / 1000).toFixed(1)} s: welcomed ${welcomed}, still open ${open}, messages stored ${stored}, visit rows ${visits}`);
if (refusals.size) console.log(`  refusals: ${[...refusals].map(([msg, n]) => `${msg} ×${n}`).join(", ")}`);
if (joined || !(p95 < P95_TARGET_MS)) process.exitCode = 1;
