import { readdirSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";
import { laneFiles } from "./lanes.mjs";

/**
 * The files a run takes: every file on SQLite, the database-dependent ones on PostgreSQL
 * (tests/kernel/e2e/lanes.mjs names the database-blind ones). LECTERN_E2E_LANE picks one lane of that
 * database's run (lanes.mjs), so that `npm test` can run the lanes side by side.
 */
const database = process.env.DATABASE_URL ? "postgresql" : "sqlite";
// Each feature's browser files are in tests/<feature>/e2e/.
const allFiles = readdirSync("tests", { recursive: true, encoding: "utf8" })
  .map((file) => `tests/${file.split("\\").join("/")}`)
  .filter((file) => /^tests\/[\w-]+\/e2e\/[\w-]+\.e2e\.ts$/.test(file));
const lane = process.env.LECTERN_E2E_LANE;
const include = laneFiles(database, lane === undefined ? -1 : Number(lane), allFiles);

// The browser suite: the production build served by the real server on a fresh database
// (SQLite, or PostgreSQL when DATABASE_URL is set), driven by Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include,
    exclude: configDefaults.exclude,
    globalSetup: ["tests/kernel/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll waits on what a user sees; vitest's one second default is less than a loaded
    // two-core machine takes to close a dialog's animation.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // A browser path retries once: a busy machine can still move a frame past a wait. A test that
    // needed its retry is named at the end of `npm test` (scripts/lib/failed-tests.mjs), so a
    // flake is seen and fixed, not hidden.
    retry: 1,
  },
});
