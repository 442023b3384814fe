import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import student from "../../../resources/users/student";
import { outboxAdapter } from "../../../server/adapters/sms";
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { startSignedIn, type TestServer } from "./helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

let serial = 0;
const freshMobile = () => `1369${String(Date.now() % 1e4).padStart(4, "0")}${String(serial++).padStart(3, "0")}`;

/** Adds a student with the given headers; answers the HTTP status and whether the student exists afterwards. */
async function addStudent(headers: Record<string, string>, app: FastifyInstance = s.app) {
  const mobile = freshMobile();
  const res = await app.inject({ method: "POST", url: student.api.create!.path, payload: { name: "跨站", mobile, passwd: "abc123" }, headers: { cookie: admin, ...headers } });
  const created = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();
  return { status: res.statusCode, code: res.json().code as number, created: created !== undefined };
}

describe("state-changing requests come from our own origins (issue 8 finding 10)", () => {
  it("does not take the Host header's word: a rebound name with a matching Origin is refused", async () => {
    expect(await addStudent({ host: "evil.example", origin: "http://evil.example" })).toEqual({ status: 403, code: 403, created: false });
    expect(await addStudent({ host: "evil.example:8080", referer: "http://evil.example:8080/studentop" })).toMatchObject({ status: 403, created: false });
  });

  it("takes the public origins derived from HOST and PORT, whatever the Host header says", async () => {
    for (const origin of ["http://127.0.0.1:8080", "http://localhost:8080"])
      expect(await addStudent({ host: "evil.example", origin }), origin).toMatchObject({ code: 0, created: true });
    expect(await addStudent({ referer: "http://127.0.0.1:8080/studentop?page=2" })).toMatchObject({ code: 0, created: true });
  });

  it("refuses another port, scheme or an opaque origin", async () => {
    for (const origin of ["http://127.0.0.1:5173", "https://127.0.0.1:8080", "null", "", "not a url"])
      expect(await addStudent({ origin }), origin).toMatchObject({ status: 403, created: false });
    expect(await addStudent({ "sec-fetch-site": "cross-site" })).toMatchObject({ status: 403, created: false });
  });

  it("lets callers without Origin or Referer through (curl, other servers), and never judges reads", async () => {
    expect(await addStudent({})).toMatchObject({ code: 0, created: true });
    expect((await s.app.inject({ url: "/cms/student", headers: { cookie: admin, origin: "http://evil.example" } })).json().code).toBe(0);
  });

  it("uses PUBLIC_ORIGINS instead when set, plus ALLOWED_ORIGINS", async () => {
    const config = {
      ...loadConfig({ DATA_DIR: s.dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(s.dataDir, "no-dist"), PUBLIC_ORIGINS: "https://lectern.example/, https://console.lectern.example", ALLOWED_ORIGINS: "http://localhost:5173" }),
      passwordMemoryKiB: 64,
    };
    const app = await buildApp({ db: s.db, config, messages: outboxAdapter(s.dataDir) });
    try {
      for (const origin of ["https://lectern.example", "https://console.lectern.example", "http://localhost:5173"])
        expect(await addStudent({ origin }, app), origin).toMatchObject({ code: 0, created: true });
      expect(await addStudent({ origin: "http://127.0.0.1:8080" }, app)).toMatchObject({ status: 403, created: false });
    } finally {
      await app.close();
    }
  });
});

describe("PUBLIC_ORIGINS defaults", () => {
  it("is the loopback names on a loopback HOST", () => {
    expect(loadConfig({ PORT: "9000" }).publicOrigins).toEqual(["http://127.0.0.1:9000", "http://localhost:9000", "http://[::1]:9000"]);
    expect(loadConfig({ HOST: "localhost", PORT: "9000" }).publicOrigins).toContain("http://127.0.0.1:9000");
  });

  it("is HOST itself on a named address", () => {
    expect(loadConfig({ HOST: "10.1.2.3", PORT: "80" }).publicOrigins).toEqual(["http://10.1.2.3"]);
  });

  it("is every address of this machine on 0.0.0.0: names still need PUBLIC_ORIGINS", () => {
    const origins = loadConfig({ HOST: "0.0.0.0", PORT: "9000" }).publicOrigins;
    expect(origins).toContain("http://127.0.0.1:9000");
    const v4 = Object.values(os.networkInterfaces()).flatMap((l) => l ?? []).filter((a) => a.family === "IPv4");
    for (const a of v4) expect(origins).toContain(`http://${a.address}:9000`);
    expect(origins.every((o) => !o.includes("evil"))).toBe(true);
  });

  it("takes a listed origin as written, without path or slash", () => {
    expect(loadConfig({ PUBLIC_ORIGINS: "https://lectern.example/console/, http://a.example:80" }).publicOrigins).toEqual(["https://lectern.example", "http://a.example"]);
  });
});
