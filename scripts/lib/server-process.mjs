// Starts the production server as a child process on a free port and waits for /healthz.
// Shared by the benchmarks and the end-to-end suite.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * How a server is started: the server itself (benchmarks, the browser suite), the starter
 * (`node scripts/start.mjs`), or `npm start` as a person or a process manager types it.
 */
const commands = {
  main: [process.execPath, ["--import", "tsx", "server/main.ts"]],
  start: [process.execPath, ["scripts/start.mjs"]],
  npm: ["npm", ["start", "--silent"]],
};

/** @param {{ dataDir: string; databaseUrl?: string; env?: Record<string, string>; timeoutMs?: number; via?: keyof typeof commands }} options */
export async function startServer({ dataDir, databaseUrl = "", env = {}, timeoutMs = 120_000, via = "main" }) {
  const port = await freePort();
  const started = performance.now();
  const [command, args] = commands[via];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", RTMP_PORT: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (performance.now() - started > timeoutMs) throw new Error(`server not healthy in ${timeoutMs} ms:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const healthyMs = performance.now() - started;
  return {
    baseURL,
    healthyMs,
    port,
    pid: child.pid,
    /** Resolves with the exit code (or signal) once the started process has ended. */
    exited: new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code, signal) => resolve(code ?? signal)))),
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};
