// `npm test`: every check CI runs, in order, with one closing count.
// The client tests run on the machine's Node; the server tests on PostgreSQL (when DATABASE_URL is
// set) on the machine's Node too, and on SQLite on Node 24 LTS (scripts/node24-check.mjs), so each
// server test runs once per database and the server code on both Nodes. With LECTERN_NODE24=0
// (no registry in reach) the SQLite run stays on the machine's Node.
// The browser suite runs against the production build on each database. Steps that each keep about
// one of CI's two cores busy run side by side (lanes), to keep the whole run under 30 minutes.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { failedOf, retriedOf } from "./lib/failed-tests.mjs";
import { lanes as e2eLanes } from "../tests/kernel/e2e/lanes.mjs";

const bin = (name) => path.join("node_modules", ".bin", name);
const pgUrl = process.env.DATABASE_URL || "";
const sqliteEnv = { ...process.env, DATABASE_URL: "" };
const out = mkdtempSync(path.join(tmpdir(), "lectern-results-"));
let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];
const retriedTests = [];

/** A step's outcome in the closing count. */
function counted(label, ok) {
  if (ok) passed += 1;
  else { failed += 1; failures.push(label); }
}

const vitestArgs = (label, args) => {
  const file = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  return { file, args: ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`] };
};

/** A vitest run's tests in the closing count, from its JSON report (none: the run itself failed). */
function countVitest(label, file, ok) {
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTests || !ok) failures.push(label);
    failedTests.push(...failedOf(r).map((t) => `[${label}] ${t}`));
    retriedTests.push(...retriedOf(r).map((t) => `[${label}] ${t}`));
  } else { failed += 1; failures.push(label); }
}

/** The server suite on SQLite and a real start on Node 24 LTS (scripts/node24-check.mjs), counted. */
const node24Label = "unit: server on SQLite, and start-up, on Node 24";
const node24File = path.join(out, "node24.json");
function countNode24(ok) {
  const r = existsSync(node24File) ? JSON.parse(readFileSync(node24File, "utf8")) : { passed: 0, failed: 1 };
  passed += r.passed;
  failed += r.failed;
  if (r.failed || !ok) failures.push(node24Label);
  failedTests.push(...(r.failedTests ?? []).map((t) => `[${node24Label}] ${t}`));
}

/** Runs a command with its output held, resolving with the output and how it ended. */
function held(label, cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { env });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (status) => resolve({ label, ok: status === 0, output: Buffer.concat(chunks), secs: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

/**
 * Lanes run side by side, the steps of a lane one after the other; each step's output is held
 * and printed whole, lane after lane, so it reads as if they had run in turn. A step is
 * { label, cmd, args, env, count(ok) }.
 */
async function lanes(...all) {
  const done = await Promise.all(
    all.map(async (lane) => {
      const results = [];
      for (const s of lane) results.push({ ...s, ...(await held(s.label, s.cmd, s.args, s.env)) });
      return results;
    }),
  );
  for (const { label, ok, output, secs, count } of done.flat()) {
    process.stdout.write(`\n▶ ${label}\n`);
    process.stdout.write(output);
    process.stdout.write(`${ok ? "✔" : "✘"} ${label} (${secs}s${all.length > 1 ? `, in one of ${all.length} lanes side by side` : ""})\n`);
    count(ok);
  }
}

const plain = (label, cmd, args, env) => ({ label, cmd, args, env, count: (ok) => counted(label, ok) });
const vitestStep = (label, args, env) => {
  const v = vitestArgs(label, args);
  return { label, cmd: bin("vitest"), args: v.args, env, count: (ok) => countVitest(label, v.file, ok) };
};

const node24 = process.env.LECTERN_NODE24 !== "0";
// On two cores vitest runs one worker (cores - 1): the client tests, the server tests on PostgreSQL
// and the server tests on SQLite under Node 24 LTS (scripts/node24-check.mjs fetches it, builds its
// SQLite binding once per machine, then starts the server for real) each keep about one core busy;
// the type-checker, the linter and the two builds follow in the lanes that finish first, so the two
// cores stay full until the slowest lane ends. The production build follows the Node 24 check, whose
// start-up check serves from the same folder. LECTERN_NODE24=0 (no registry in reach) runs the
// SQLite server tests on the machine's Node with the client's.
// The client tests that replace modules (their own module graph each) follow the Node 24 check,
// which finishes first: the client lane is the longest of the three.
const clientTests = node24
  ? vitestStep("unit: client", ["--project", "client"], sqliteEnv)
  : vitestStep("unit: client and server on SQLite", ["--project", "client", "--project", "server"], sqliteEnv);
const clientMocking = vitestStep("unit: client, the files that replace modules", ["--project", "client-mocking"], sqliteEnv);
const node24Step = { label: node24Label, cmd: process.execPath, args: ["scripts/node24-check.mjs", "--results", node24File], env: process.env, count: countNode24 };
const typeCheck = plain("type-check", bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);
const lint = plain("lint", bin("eslint"), [".", "--max-warnings=0"]);
const productionBuild = plain("production build", bin("vite"), ["build"]);
const storybookBuild = plain("storybook build", bin("storybook"), ["build", "--quiet", "-o", "storybook-static"]);
await lanes(
  [clientTests],
  pgUrl ? [vitestStep("unit: server on PostgreSQL", ["--project", "server"], { ...process.env, DATABASE_URL: pgUrl }), lint, storybookBuild] : [lint, storybookBuild],
  node24 ? [node24Step, clientMocking, productionBuild, typeCheck] : [clientMocking, productionBuild, typeCheck],
);
if (!node24) process.stdout.write("\n▶ Node 24: skipped (LECTERN_NODE24=0)\n");

// The browser suite runs against the production build, on SQLite and (the files that use the
// database) on PostgreSQL, in lanes side by side (tests/kernel/e2e/lanes.mjs), each with its own server and
// database: the database-blind files and the rest on SQLite, and the rest on PostgreSQL.
const e2e = (database, index, files, env) =>
  vitestStep(`end-to-end in Chromium on ${database}, lane ${index + 1} (${files})`, ["--config", "tests/kernel/e2e/vitest.config.ts"], { ...env, LECTERN_E2E_LANE: String(index) });
const laneName = (names) => names.map((name) => (name === "*" ? "the rest" : name)).join(", ");
const browserLanes = [
  ...e2eLanes.sqlite.map((names, index) => [e2e("SQLite", index, laneName(names), sqliteEnv)]),
  ...(pgUrl ? e2eLanes.postgresql.map((names, index) => [e2e("PostgreSQL", index, laneName(names), { ...process.env, DATABASE_URL: pgUrl })]) : []),
];
await lanes(...browserLanes);

// A flake stays visible: a test the browser suite passed only on its retry is named too.
for (const t of retriedTests) process.stdout.write(`\n  ⚠ passed on its retry: ${t}`);
for (const t of failedTests) process.stdout.write(`\n  ✘ ${t}`);
process.stdout.write(`\n${failures.length ? `Failed: ${failures.join("; ")}\n` : ""}`);
process.stdout.write(`Tests: ${passed} passed, ${failed} failed\n`);
// A step that failed with no test failed (a file that could not load, a build, lint) fails the run too.
process.exit(failed || failures.length ? 1 : 0);
