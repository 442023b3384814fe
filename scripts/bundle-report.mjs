// What each lazily loaded route costs: gzipped JavaScript of the entry plus a route
// chunk and everything either imports statically. Run after `vite build` (needs the
// manifest). Exits non-zero when /login is over its budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "dist";
const loginBudgetKb = 230;
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

// kB of 1000 bytes at zlib's default level, as `vite build` prints them.
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1000;

function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  keys.forEach(walk);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
}

const total = (files) => files.reduce((sum, file) => sum + gzipKb(file), 0);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure([entryKey]);

const routes = {
  "/login": "src/features/auth/login-page.tsx",
  "/register": "src/features/auth/register-page.tsx",
  "/forget-password": "src/features/auth/forget-password-page.tsx",
  "/identity": "src/features/auth/identity-page.tsx",
  "console (/, portals, rooms)": "src/app/console-app.tsx",
};

console.log(`entry + static imports: ${total(entryFiles).toFixed(1)} kB gzip (${entryFiles.length} files)`);
let failed = false;
for (const [route, src] of Object.entries(routes)) {
  const files = closure([entryKey, src]);
  const own = closure([src]).filter((file) => !entryFiles.includes(file));
  const kb = total(files);
  console.log(`${route.padEnd(28)} ${kb.toFixed(1).padStart(7)} kB gzip in all; beyond the entry ${total(own).toFixed(1)} kB`);
  if (route === "/login" && kb > loginBudgetKb) failed = true;
}
const consoleChunk = manifest[routes["console (/, portals, rooms)"]].file;
console.log(`console chunk alone: ${gzipKb(consoleChunk).toFixed(1)} kB gzip (${consoleChunk})`);
if (failed) {
  console.error(`/login is over its ${loginBudgetKb} kB budget`);
  process.exit(1);
}
