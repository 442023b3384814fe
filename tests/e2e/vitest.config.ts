import { defineConfig } from "vitest/config";

// The browser suite: the production build served by the real server on a fresh database
// (SQLite, or PostgreSQL when DATABASE_URL is set), driven by Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
