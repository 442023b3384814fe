import { defineConfig } from "vitest/config";
import { formValidatorsPlugin } from "./scripts/lib/form-validators";

// Two projects: the server and shared modules run in Node, the client in jsdom.
// The browser end-to-end suite has its own config (tests/e2e/vitest.config.ts).
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
          include: ["tests/server/**/*.test.ts", "tests/schemas/**/*.test.ts", "tests/resources/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Each file makes its own database and app (tests/server/helpers.ts), so a worker can keep
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
          include: ["tests/client/**/*.test.{ts,tsx}", "tests/providers/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/client/setup.ts"],
          // A test of several steps, each allowed 30 s on a busy machine (tests/client/setup.ts).
          testTimeout: 120_000,
        },
      },
    ],
  },
});
