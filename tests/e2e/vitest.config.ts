import { configDefaults, defineConfig } from "vitest/config";

// What a screen is made of, how it lays out and answers the keyboard, the frames of the tool pages
// and the headers the server sends do not depend on the database: those files run once, on SQLite
// (the paths that write and read data run on both).
const databaseBlind = [
  "tests/e2e/accessibility.e2e.ts",
  "tests/e2e/content-security.e2e.ts",
  "tests/e2e/keyboard.e2e.ts",
  "tests/e2e/live-list-layout.e2e.ts",
  "tests/e2e/tools.e2e.ts",
];

/**
 * The files a run takes: all of them on SQLite, the database-dependent ones on PostgreSQL.
 * LECTERN_E2E_PART splits the SQLite run in two, `blind` and `data`, each with its own server, so
 * that `npm test` can run the parts side by side (scripts/test-all.mjs).
 */
const part = process.env.LECTERN_E2E_PART;
const include = part === "blind" ? databaseBlind : ["tests/e2e/**/*.e2e.ts"];
const exclude = process.env.DATABASE_URL || part === "data" ? [...configDefaults.exclude, ...databaseBlind] : configDefaults.exclude;

// The browser suite: the production build served by the real server on a fresh database
// (SQLite, or PostgreSQL when DATABASE_URL is set), driven by Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include,
    exclude,
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A browser path retries once: a busy machine can still move a frame past a wait. A test that
    // needed its retry is named at the end of `npm test` (scripts/lib/failed-tests.mjs), so a
    // flake is seen and fixed, not hidden.
    retry: 1,
  },
});
