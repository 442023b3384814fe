import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server-process.mjs";

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * The server as a process manager runs it (issue 16, items 3.11 and 5): real processes started the
 * way people start them, real sockets. Run in the SQLite pass only: what is checked is the process,
 * not the database.
 */
let root: string;
let dist: string;
const started: Server[] = [];

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
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const start = async (via: "main" | "start" | "npm", env: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(root, "data-"));
  const s = await startServer({ dataDir, via, env: { DEMO: "0", DIST_DIR: dist, ...env } });
  started.push(s);
  return s;
};

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
