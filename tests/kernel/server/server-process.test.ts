import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { roomSocketPath } from "../../../resources/rooms/room-api";
import { startServer } from "../../../scripts/lib/server-process.mjs";

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * The server as a process manager runs it (issue 16, items 3.11 and 5): real processes started the
 * way people start them, real sockets. Run in the SQLite pass only: what is checked is the process,
 * not the database.
 */
let root: string;
let dist: string;
const started: Server[] = [];
/** Every process a test saw, killed after it if still there (a server left running is the defect itself). */
const seen: number[] = [];
const graceSeconds = 2;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-process-"));
  // A console of two files, so the starter has nothing to build; the script is large and compressible.
  dist = path.join(root, "dist");
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
  fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, "assets", "big.js"), Array.from({ length: 300_000 }, (_, i) => `var a${i} = ${(i * 7919) % 104729};`).join("\n"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  for (const pid of seen.splice(0).filter(alive)) process.kill(pid, "SIGKILL");
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const start = async (via: "main" | "start" | "npm", env: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(root, "data-"));
  const s = await startServer({ dataDir, via, env: { DEMO: "0", DIST_DIR: dist, SHUTDOWN_GRACE_SECONDS: String(graceSeconds), ...env } });
  started.push(s);
  return s;
};

/** The process and every process under it (npm, its shell if any, node), read from /proc. */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone already
  }
  return [pid, ...children.flatMap(tree)];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/** A connection that sends what `head` says and then waits, answering nothing; resolves what the server wrote once it is closed. */
function hold(port: number, head: string) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => (received += d.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  return new Promise<{ socket: net.Socket; closed: Promise<string>; received: () => string }>((resolve) =>
    socket.once("connect", () => socket.write(head, () => resolve({ socket, closed, received: () => received }))),
  );
}

describe.skipIf(!!process.env.DATABASE_URL)("stopping the server (issue 16, 5)", () => {
  const cases = [
    ["start", "SIGTERM"],
    ["start", "SIGINT"],
    ["npm", "SIGTERM"],
    ["npm", "SIGINT"],
  ] as const;

  for (const [via, signal] of cases)
    it(`${via === "npm" ? "npm start" : "node scripts/start.mjs"}: ${signal} to the process started ends the request in flight, then every process, and frees the port`, { timeout: 120_000 }, async () => {
      const s = await start(via);
      const processes = tree(s.pid!);
      seen.push(...processes);
      expect(processes.length).toBeGreaterThanOrEqual(via === "npm" ? 2 : 1);

      // A sign-in whose body has not arrived yet, and a room WebSocket that never answers a close.
      const body = JSON.stringify({ mobile: "13800000000", passwd: "wrong-password" });
      const request = await hold(s.port, `POST /cms/tarzan HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      const socket = await hold(
        s.port,
        `GET ${roomSocketPath} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      await expect.poll(socket.received).toMatch(/^HTTP\/1\.1 101/);

      const signalled = performance.now();
      process.kill(s.pid!, signal);
      // New connections are refused while the one in flight is still answered.
      await expect.poll(() => portFree(s.port)).toBe(true);
      request.socket.write(body);
      expect(await request.closed).toMatch(/^HTTP\/1\.1 (?!503)\d{3}[\s\S]*"code":/);
      // The silent WebSocket is cut when the grace period ends; nothing is left running.
      await socket.closed;
      await expect.poll(() => processes.filter(alive), { timeout: 30_000, interval: 100 }).toEqual([]);
      const stoppedMs = performance.now() - signalled;
      // Not before the grace period (the WebSocket had it), and not long after it (a closing handshake never answered waits 30 s).
      expect(stoppedMs).toBeGreaterThanOrEqual(graceSeconds * 1000 - 100);
      expect(stoppedMs).toBeLessThan(graceSeconds * 1000 + 10_000);
      expect(await portFree(s.port)).toBe(true);
      expect(s.output()).not.toMatch(/"level":(50|60)/);
    });
});

describe.skipIf(!!process.env.DATABASE_URL)("a client that goes away mid-answer (issue 16, 3.11)", () => {
  it("is logged at debug with the route, not as an error with a stack", { timeout: 120_000 }, async () => {
    const s = await start("main", { LOG_LEVEL: "debug" });
    const request = await hold(s.port, `GET /assets/big.js HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nAccept-Encoding: gzip\r\n\r\n`);
    await expect.poll(request.received).toMatch(/content-encoding: gzip/i);
    request.socket.destroy();
    const aborted = () =>
      s
        .output()
        .split("\n")
        .filter((line) => line.includes("premature close"))
        .map((line) => JSON.parse(line) as { level: number; method?: string; url?: string; err?: { stack?: string } });
    await expect.poll(aborted).toHaveLength(1);
    const [line] = aborted();
    expect({ level: line.level, method: line.method, url: line.url, stack: line.err?.stack }).toEqual({ level: 20, method: "GET", url: "/assets/big.js", stack: undefined });
  });
});
