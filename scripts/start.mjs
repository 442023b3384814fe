// `npm start`: build the console if it has never been built, then run the server in this
// process (migrations and the demo seed happen in server/main.ts, which also stops it on SIGTERM
// and SIGINT). package.json runs this with `exec`, so the signal npm forwards reaches this process
// and not a shell that would die without passing it on.
import { existsSync } from "node:fs";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const dist = path.resolve(process.env.DIST_DIR || "dist");

if (!existsSync(path.join(dist, "index.html"))) {
  process.stdout.write("Building the console (first start only; `npm run build` rebuilds it)…\n");
  const build = spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", dist], { stdio: "inherit" });
  // Stopped while building: the build stops too, then this process, by the same signal.
  const forward = (signal) => build.kill(signal);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, forward);
  const [code, signal] = await once(build, "exit");
  for (const name of ["SIGINT", "SIGTERM"]) process.off(name, forward);
  if (signal) process.kill(process.pid, signal);
  if (code !== 0) process.exit(code ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/main.ts");
