import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { outboxAdapter } from "../../server/adapters/sms";
import { loadConfig } from "../../server/config";
import type { Db } from "../../server/db/database";

/**
 * The server of a bench, in this process on loopback (rate limits off, cheap password hashing), and
 * the demo main admin's signed-in cookie: what bench-lives, bench-engine and bench-clouddisk call.
 */
export async function listeningAsAdmin(db: Db, dataDir: string): Promise<{ app: FastifyInstance; base: URL; cookie: string }> {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(dataDir, "no-dist"), LECTERN_RATE_LIMITS: "off" }), passwordMemoryKiB: 64 };
  const app = await buildApp({ db, config, messages: outboxAdapter(dataDir) });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const login = await app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile: "13800000000", passwd: "demo1234" } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const identities = (await app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
    await app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: identities.admin[0].id, type: "admin" } });
    return { app, base, cookie };
  } catch (err) {
    await app.close();
    throw err;
  }
}

/**
 * The demo main admin's signed-in cookie from a server running in its own process (server-process.mjs),
 * through the same sign-in calls over HTTP: for benches whose client must not share the server's
 * event loop.
 */
export async function signedInOver(baseURL: string): Promise<string> {
  const json = { "content-type": "application/json" };
  const login = await fetch(`${baseURL}/cms/tarzan`, { method: "POST", headers: json, body: JSON.stringify({ mobile: "13800000000", passwd: "demo1234" }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const identities = ((await (await fetch(`${baseURL}/cms/login`, { headers: { cookie } })).json()) as { data: { admin: { id: number }[] } }).data;
  const chosen = await fetch(`${baseURL}/cms/login`, { method: "PATCH", headers: { ...json, cookie }, body: JSON.stringify({ id: identities.admin[0].id, type: "admin" }) });
  if (!chosen.ok) throw new Error(`signing in as the demo admin answered ${chosen.status}`);
  return cookie;
}
