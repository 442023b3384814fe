// The start-up check of scripts/node24-check.mjs, run by the Node under test: starts the server as
// `npm start` would (tsx, the demo seeded into a fresh SQLite folder), waits for /healthz, signs in
// as the demo admin and reads the session's identities. Prints one line; exits non-zero on failure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "./server-process.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-start-check-"));
let server;
try {
  server = await startServer({ dataDir });
  const signIn = await fetch(`${server.baseURL}/cms/tarzan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile: "13800000000", passwd: "demo1234" }),
  });
  const answer = await signIn.json();
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
  if (answer.code !== 0 || !cookie) throw new Error(`sign-in answered ${signIn.status} ${JSON.stringify(answer)}`);
  const identities = await (await fetch(`${server.baseURL}/cms/login`, { headers: { cookie } })).json();
  if (identities.code !== 0) throw new Error(`the signed-in session was refused: ${JSON.stringify(identities)}`);
  process.stdout.write(`start-up check on Node ${process.version}: healthy in ${(server.healthyMs / 1000).toFixed(1)} s, signed in as the demo admin\n`);
} catch (e) {
  process.stdout.write(`start-up check on Node ${process.version} FAILED: ${e instanceof Error ? e.message : e}\n`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
