import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostKinds } from "../../../resources/kernel/endpoint";
import { authApi } from "../../../resources/auth/auth";
import { outboxAdapter } from "../../../server/adapters/sms";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
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

  it("gives a distinct base address for every host kind in /config.json, on the origin the console was opened at", async () => {
    const res = await s.app.inject({ url: "/config.json", headers: { host: "localhost:8080" } });
    const cfg = res.json();
    for (const kind of hostKinds) expect(cfg[kind]).toMatch(/^http:\/\/localhost:8080/);
    expect(new Set(hostKinds.map((kind) => cfg[kind])).size).toBeGreaterThan(1);
    expect(cfg.applyUrl).toBeTruthy();
  });

  it("builds /config.json from the configured origins, whatever Host a request names, and lets no cache keep it (issue 16, 2.4)", async () => {
    const res = await s.app.inject({ url: "/config.json", headers: { host: "evil.example" } });
    const cfg = res.json();
    const addresses = [...hostKinds.map((kind) => cfg[kind]), cfg.liveRoomUrl, cfg.shareBase];
    for (const address of addresses) expect(address).toMatch(/^http:\/\/127\.0\.0\.1:8080(\/|$)/);
    expect(JSON.stringify(cfg)).not.toContain("evil.example");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.vary).toMatch(/\bHost\b/i);
  });

  it("answers the https origin PUBLIC_ORIGINS names behind a proxy, and never a forwarded host it does not name", async () => {
    const proxied = await startTestServer({ seed: false, config: { trustProxy: true, publicOrigins: ["https://lectern.example"] } });
    try {
      const config = (headers: Record<string, string>) => proxied.app.inject({ url: "/config.json", headers }).then((r) => r.json());
      const forwarded = await config({ host: "10.0.0.5:8080", "x-forwarded-proto": "https", "x-forwarded-host": "lectern.example" });
      expect([forwarded.cms, forwarded.cloudDisk]).toEqual(["https://lectern.example", "https://lectern.example/cloud-disk"]);
      const forged = await config({ host: "lectern.example", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
      expect(forged.cms).toBe("https://lectern.example");
      const plain = await config({ host: "lectern.example" });
      expect(plain.cms).toBe("https://lectern.example");
    } finally {
      await proxied.close();
    }
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
        // Our own files only: no inline script and no eval (the forms' validators are compiled at build
        // time); WebAssembly may compile (the upload's md5).
        expect(csp.get("script-src"), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(csp.get("default-src"), url).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors"), url).toEqual(["'self'"]);
        expect(csp.get("object-src"), url).toEqual(["'none'"]);
        expect(csp.get("base-uri"), url).toEqual(["'self'"]);
        expect(csp.get("connect-src"), url).toEqual(["'self'"]);
        expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
        expect(res.headers["x-content-type-options"], url).toBe("nosniff");
        expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        expect(res.headers["x-permitted-cross-domain-policies"], url).toBe("none");
        expect(res.headers["x-dns-prefetch-control"], url).toBe("off");
        // A plain-http LAN address must keep working: HSTS and upgrades are a TLS proxy's to choose.
        expect(res.headers["strict-transport-security"], url).toBeUndefined();
        expect(csp.has("upgrade-insecure-requests"), url).toBe(false);
      }
      expect((await app.inject({ url: "/courseop" })).body).toContain('<div id="root">');
    } finally {
      await app.close();
    }
  });

  it("index.html runs no inline script, so script-src 'self' holds", () => {
    const html = fs.readFileSync(path.resolve(__dirname, "../../../index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
