import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostKinds } from "../../resources/endpoint";
import { authApi } from "../../resources/auth";
import { loadConfig } from "../../server/config";
import { startTestServer, type TestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

describe("platform endpoints", () => {
  it("answers /healthz when the database is reachable", async () => {
    const res = await s.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.db).toBe(process.env.DATABASE_URL ? "postgres" : "sqlite");
  });

  it("gives a distinct base address for every host kind in /config.json", async () => {
    const res = await s.app.inject({ url: "/config.json", headers: { host: "console.example:8080" } });
    const cfg = res.json();
    for (const kind of hostKinds) expect(cfg[kind]).toMatch(/^http:\/\/console\.example:8080/);
    expect(cfg.applyUrl).toBeTruthy();
  });

  it("publishes every sign-in call in the OpenAPI document", async () => {
    const doc = (await s.app.inject({ url: "/api/docs/json" })).json();
    for (const e of Object.values(authApi)) expect(doc.paths[e.path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeTruthy();
  });

  it("answers an unknown API path with 404 and the address", async () => {
    const res = await s.app.inject({ url: "/cms/no-such-thing?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: "请求地址出错: /cms/no-such-thing" });
  });

  it("compresses large answers", async () => {
    const res = await s.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("hashes passwords at OWASP's argon2id cost by default", () => {
    expect(loadConfig({}).passwordMemoryKiB).toBe(19456);
  });
});
