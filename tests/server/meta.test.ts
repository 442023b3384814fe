import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostKinds } from "../../resources/endpoint";
import { authApi } from "../../resources/auth";
import { outboxAdapter } from "../../server/adapters/sms";
import { buildApp } from "../../server/app";
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

describe("security headers (issue 8 finding 10)", () => {
  const directives = (csp: string) => new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it("sends a strict CSP, frame and sniffing rules with the console's pages, its files and the API's answers", async () => {
    const dist = path.join(s.dataDir, "dist");
    fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    fs.writeFileSync(path.join(dist, "assets", "app.js"), "export {};");
    const config = { ...loadConfig({ DATA_DIR: s.dataDir, LOG_LEVEL: "silent", DIST_DIR: dist }), passwordMemoryKiB: 64 };
    const app = await buildApp({ db: s.db, config, messages: outboxAdapter(s.dataDir) });
    try {
      for (const url of ["/", "/courseop", "/studentop?page=2", "/assets/app.js", "/cms/trylogin", "/cms/no-such-thing", "/config.json"]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBeLessThan(500);
        const csp = directives(String(res.headers["content-security-policy"]));
        // Our own files only: no inline script and no eval (the forms' validators are compiled at build time).
        expect(csp.get("script-src"), url).toEqual(["'self'"]);
        expect(csp.get("default-src"), url).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors"), url).toEqual(["'self'"]);
        expect(csp.get("object-src"), url).toEqual(["'none'"]);
        expect(csp.get("base-uri"), url).toEqual(["'self'"]);
        expect(csp.get("connect-src"), url).toEqual(["'self'"]);
        expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
        expect(res.headers["x-content-type-options"], url).toBe("nosniff");
        expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      }
      expect((await app.inject({ url: "/courseop" })).body).toContain('<div id="root">');
    } finally {
      await app.close();
    }
  });

  it("index.html runs no inline script, so script-src 'self' holds", () => {
    const html = fs.readFileSync(path.resolve(__dirname, "../../index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
