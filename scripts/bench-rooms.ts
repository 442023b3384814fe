// `npx tsx scripts/bench-rooms.ts`: 5,000 simulated viewers (WebSocket clients over loopback)
// joining one live through its share link, spread over 40 s (from 250 loopback addresses, as guests
// of many homes: one address may hold only so many guests), then 50 chat messages a second, against
// the production server on SQLite (issue 11; 5,000 since issue 20, Performance). Checks that every
// viewer joined within 60 s, that no presence or chat event is lost or doubled (the room's count,
// sent coalesced, settles at everyone on every viewer; every viewer hears every message sent after
// it joined, once), that the concurrency sample counts the viewers present, the p99 of a message's
// delivery (target < 200 ms) and the server's peak resident memory (VmRSS, target < 1 GB). Prints
// the figures and the load average. BENCH_ROOMS_VIEWERS and BENCH_ROOMS_CHAT_SECONDS shrink it for
// a quick look.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../server/db/database";
import type { Report } from "./bench-rooms-viewers";
import { delayQuantile, mergeDelays } from "./lib/delays";
import { makeBenchLive, startViewers } from "./lib/room-viewers";
import { startServer } from "./lib/server-process.mjs";

const VIEWERS = Number(process.env.BENCH_ROOMS_VIEWERS || 5000);
/** The joins are spread over this long; all of them are to be done within JOINED_WITHIN_MS. */
const JOIN_WITHIN_MS = 40_000;
const JOINED_WITHIN_MS = 60_000;
const RSS_TARGET_MB = 1024;
const CHAT_PER_SECOND = 50;
const CHAT_SECONDS = Number(process.env.BENCH_ROOMS_CHAT_SECONDS || 20);
const P99_TARGET_MS = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-rooms-"));
const server = await startServer({ dataDir, env: { DEMO: "0", LECTERN_RATE_LIMITS: "off" } });
const db = openDb({ databaseUrl: null, dataDir, readers: 0 });
const { org, liveId, guid } = await makeBenchLive(db, "千人直播压测");

const WORKERS = 2;

/** The server's resident memory now, in MB (Linux /proc), and the most seen in the run, sampled every half second. */
const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
  } catch {
    return NaN;
  }
};
let rssPeak = 0;
const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid ?? 0) || 0)), 500);

const { workers, next, tell, ownerOf, dropped, close, join } = startViewers(VIEWERS, WORKERS, { baseURL: server.baseURL, guid, joinSpacingMs: JOIN_WITHIN_MS / VIEWERS, addresses: 250 });
const joinStart = await join();

await Promise.all(workers.map((w) => next(w, "joined"))).catch(async (err: Error) => {
  // A viewer that could not join ends the run, and the server with it (not left running).
  console.log(`\nLive room bench: ${err.message} (${Date.now() - joinStart} ms into the joins; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; server ${rssOf(server.pid ?? 0).toFixed(0)} MB)`);
  console.log(server.output().trim().split("\n").slice(-10).join("\n"));
  await Promise.all(workers.map((w) => w.terminate()));
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
const joinMs = Date.now() - joinStart;

const reports = async (delays = false) => {
  const all = await Promise.all(workers.map((w) => (tell(w, { cmd: "report", delays }), next(w, "report"))));
  return all as Extract<Report, { ev: "report" }>[];
};
const settle = async (check: (r: Extract<Report, { ev: "report" }>[]) => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  for (;;) {
    const r = await reports();
    if (check(r) || Date.now() > until) return r;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
// The count reaches the pages coalesced (server/services/rooms/room.ts, every 2 s at most in a
// room this size): it is to settle at everyone on every viewer.
const afterJoins = await settle((r) => r.every((w) => w.people.every((n) => n === VIEWERS)), 20_000);
const presenceShort = afterJoins.flatMap((w) => w.people).filter((n) => n !== VIEWERS).length;

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
  tell(ownerOf(n % VIEWERS), { cmd: "chat", viewer: n % VIEWERS, n });
}
const afterChat = await settle((r) => r.every((w) => w.chats.every((n) => n >= total)));
const chatMs = Date.now() - chatStart;
const viewersCpu = process.cpuUsage(cpuBefore.viewers);
const cpu = { server: cpuOf(server.pid ?? 0) - cpuBefore.server, viewers: (viewersCpu.user + viewersCpu.system) / 1e6 };
const chatShort = afterChat.flatMap((w) => w.chats).filter((n) => n < total).length;
const twice = afterChat.reduce((sum, w) => sum + w.twice, 0);
const delivered = afterChat.flatMap((w) => w.chats).reduce((sum, n) => sum + n, 0);
const delays = mergeDelays((await reports(true)).map((w) => w.delays!));
const stored = Number((await db.kysely.selectFrom("room_chats").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", liveId).executeTakeFirstOrThrow()).n);

// ── the concurrency sample of the next minute, everyone still there ───────────────────────────
const nextSample = Math.ceil(Date.now() / 60_000) * 60_000;
let sample: number | null = null;
await new Promise((r) => setTimeout(r, nextSample - Date.now() + 3000));
for (let i = 0; i < 50 && sample === null; i++) {
  const row = await db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", nextSample).executeTakeFirst();
  if (row) sample = Number(row.usernum);
  else await new Promise((r) => setTimeout(r, 200));
}
const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");

clearInterval(rssTimer);
const serverSaid = server.output().trim().split("\n").filter((line) => /warn|error/i.test(line)).slice(-5);
await close();
await server.stop();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const p99 = delayQuantile(delays, 0.99);
console.log(`\nLive room bench (SQLite, loopback WebSockets, ${os.availableParallelism()} cores)`);
console.log(`  ${VIEWERS} viewers joined in ${(joinMs / 1000).toFixed(1)} s (spread over ${JOIN_WITHIN_MS / 1000} s; target within ${JOINED_WITHIN_MS / 1000} s: ${joinMs <= JOINED_WITHIN_MS ? "ok" : "MISS"}); every viewer's count settles at ${VIEWERS}: ${presenceShort === 0 ? "yes" : `no, ${presenceShort} short`}`);
console.log(`  ${total} chat messages at ${CHAT_PER_SECOND}/s over ${(chatMs / 1000).toFixed(1)} s; stored ${stored}; delivered ${delivered} of ${total * VIEWERS} (${chatShort === 0 ? "none lost" : `${chatShort} viewers short`}; ${twice === 0 ? "none twice" : `${twice} twice`})`);
console.log(`  delivery ms: p50 ${delayQuantile(delays, 0.5)}, p95 ${delayQuantile(delays, 0.95)}, p99 ${p99}, max ${delayQuantile(delays, 1)} (target p99 < ${P99_TARGET_MS}; ${p99 < P99_TARGET_MS ? "ok" : "MISS"})`);
console.log(`  CPU during the chat: server ${cpu.server.toFixed(1)} s, the ${VIEWERS} simulated viewers ${cpu.viewers.toFixed(1)} s (${WORKERS} threads), over ${(chatMs / 1000).toFixed(1)} s`);
console.log(`  concurrency sample at ${new Date(nextSample).toTimeString().slice(0, 8)}: ${sample ?? "none"} (viewers present ${VIEWERS}; ${sample === VIEWERS ? "ok" : "MISS"})`);
console.log(`  the server's peak resident memory (VmRSS): ${rssPeak.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB; ${rssPeak < RSS_TARGET_MB ? "ok" : "MISS"})`);
console.log(`  load average (1, 5, 15 min): ${load}`);
if (dropped.length) console.log(`  dropped by the server: ${dropped.join(", ")}`);
if (serverSaid.length) console.log(`  the server's last warnings:\n    ${serverSaid.join("\n    ")}`);
if (presenceShort || chatShort || twice || dropped.length || stored !== total || sample !== VIEWERS || !(p99 < P99_TARGET_MS) || joinMs > JOINED_WITHIN_MS || !(rssPeak < RSS_TARGET_MB)) process.exitCode = 1;
