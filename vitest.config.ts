import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { formValidatorsPlugin } from "./scripts/lib/form-validators";

// Tests live by feature (tests/<feature>/), each feature's split by where they run: client/ in
// jsdom, server/ in Node (the server, the schemas and the declarations), e2e/ in Chromium.
const features = readdirSync("tests", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const clientTests = features
  .map((feature) => `tests/${feature}/client`)
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file).split(path.sep).join("/")),
  );
// A file that replaces a module (vi.mock), or runs portable stories (Storybook keeps the last story
// it ran mounted, and unmounts it only when the next one runs), gets a module graph and a jsdom of
// its own; the rest share one per worker.
const mocking = clientTests.filter((file) => /vi\.mock\(|composeStories\(/.test(readFileSync(file, "utf8")));

// Two projects: the server and shared modules run in Node, the client in jsdom.
// The browser end-to-end suite has its own config (tests/kernel/e2e/vitest.config.ts).
export default defineConfig({
  // The forms' validators, compiled from schemas/ as the build compiles them (client and server
  // tests both import src/engine/validator.ts).
  plugins: [formValidatorsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/*/server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Each file makes its own database and app (tests/kernel/server/helpers.ts), so a worker can keep
          // the modules it loaded for the next file: importing the server once per worker instead of
          // once per file took the project from 290 s to 155 s on this 2-core machine.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          include: clientTests.filter((file) => !mocking.includes(file)),
          setupFiles: ["tests/kernel/client/setup.ts"],
          // A test of several steps, each allowed 30 s on a busy machine (tests/kernel/client/setup.ts).
          testTimeout: 120_000,
          // Every file renders into the same jsdom and cleans up after each test (tests/kernel/client/setup.ts):
          // loading antd, Refine and the app once per worker instead of once per file took the
          // project from 873 s to 535 s on this 2-core machine (setup and import 327 s → 32 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "client-mocking",
          environment: "jsdom",
          include: mocking,
          setupFiles: ["tests/kernel/client/setup.ts"],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
