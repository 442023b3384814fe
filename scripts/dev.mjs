// `npm run dev`: the API server on :8080 and Vite's dev server on :5173 proxying to it.
import { spawn } from "node:child_process";

const env = { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS || "http://localhost:5173,http://127.0.0.1:5173" };
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], { stdio: "inherit", env }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit", env }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
