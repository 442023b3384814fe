import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { formValidatorsPlugin } from "./scripts/lib/form-validators";
import { hostPrefixes } from "./server/config";

// LECTERN_API points the dev server at another API (a second checkout, a mock).
const server = process.env.LECTERN_API ?? "http://127.0.0.1:8080";

// Everything the browser asks of the server; the rest is the single-page app. The hosts the
// server answers under a prefix (the sandbox open platform, the exam service, uploads) come from
// its own table, with a trailing slash: a bare "/exam" would also take the console's /examMgr.
const proxied = [
  "/cms",
  "/api",
  "/stat",
  "/userstat",
  "/config.json",
  "/healthz",
  "/apply.html",
  "/uploads/",
  ...Object.values(hostPrefixes)
    .filter(Boolean)
    .map((prefix) => `${prefix}/`),
];

export default defineConfig({
  plugins: [react(), formValidatorsPlugin()],
  resolve: {
    alias: [
      // antd's resize observer ships a polyfill for browsers without ResizeObserver (pre-2020);
      // using the native one keeps ~3 kB gzip off /login, which has a hard budget.
      {
        find: /^resize-observer-polyfill$/,
        replacement: fileURLToPath(new URL("./src/lib/native-resize-observer.ts", import.meta.url)),
      },
    ],
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    // The manifest lets scripts/bundle-report.mjs measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads statically travels as one file. Left to itself the bundler splits it
          // by which lazy chunks also use each part (react, antd's core, the router: 6 files since the
          // early shell), and each file is compressed alone: 1.5 kB gzip more on every route.
          groups: [{ name: "initial", tags: ["$initial"] }],
        },
      },
    },
  },
});
