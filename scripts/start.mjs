// `npm start`: build the console if it has never been built, then run the server in this
// process (migrations and the demo seed happen in server/main.ts).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const dist = path.resolve(process.env.DIST_DIR || "dist");

if (!existsSync(path.join(dist, "index.html"))) {
  process.stdout.write("Building the console (first start only; `npm run build` rebuilds it)…\n");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", dist], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/main.ts");
