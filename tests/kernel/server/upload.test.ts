import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import course from "../../../resources/courses/course";
import { imageUpload, uploadApi } from "../../../resources/kernel/upload";
import { outboxAdapter } from "../../../server/adapters/sms";
import { buildApp } from "../../../server/app";
import { hostPrefixes, loadConfig } from "../../../server/config";
import { gradientPng } from "../fixtures/png";
import { signIn, startSignedIn, type TestServer } from "./helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const uploadUrl = hostPrefixes[uploadApi.upload.host] + uploadApi.upload.path;
const uploadsDir = () => path.join(s.dataDir, "uploads");
const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

const png = () => gradientPng(2, 2);

/** A real 1×1 (progressive, greyscale) JPEG. */
const jpeg = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

function multipart(files: { field?: string; name: string; type: string; bytes: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = "----lectern-test-boundary";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? "file"}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    parts.push(f.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function upload(files: Parameters<typeof multipart>[0], cookie = admin, fields: Record<string, string> = {}, app = s.app) {
  const { payload, headers } = multipart(files, fields);
  const res = await app.inject({ method: "POST", url: uploadUrl, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { url: string } | null; url?: string } };
}

describe("POST /upload (1 §5 cover rules, §7)", () => {
  it("accepts a real PNG and serves it back, cached for good", async () => {
    const bytes = png();
    const { body } = await upload([{ name: "cover.png", type: "image/png", bytes }]);
    expect(body.code).toBe(0);
    expect(body.data!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(body.url).toBe(body.data!.url);
    const res = await s.app.inject({ url: body.data!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it("judges a JPEG by its bytes, whatever its name and declared type", async () => {
    const { body } = await upload([{ name: "photo.bin", type: "application/octet-stream", bytes: jpeg }]);
    expect(body.code).toBe(0);
    expect(body.data!.url).toMatch(/\.jpg$/);
    const res = await s.app.inject({ url: body.data!.url });
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });

  it("refuses a text file named .png and keeps nothing", async () => {
    const before = stored();
    const { body } = await upload([{ name: "cover.png", type: "image/png", bytes: Buffer.from("this is not an image, only text in a .png file\n") }]);
    expect(body).toMatchObject({ code: 400, msg: imageUpload.messages.type });
    expect(body.msg).toBe("请上传jpeg、png格式图片");
    expect(stored()).toEqual(before);
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    expect((await upload([{ name: "x.gif", type: "image/gif", bytes: gif }])).body.msg).toBe("请上传jpeg、png格式图片");
    expect((await upload([{ name: "empty.png", type: "image/png", bytes: Buffer.alloc(0) }])).body.msg).toBe("请上传jpeg、png格式图片");
  });

  it("takes exactly 3 MB and refuses one byte more, keeping nothing of it", async () => {
    const head = png();
    const exact = Buffer.concat([head, Buffer.alloc(imageUpload.maxBytes - head.length)]);
    expect((await upload([{ name: "big.png", type: "image/png", bytes: exact }])).body.code).toBe(0);
    const before = stored();
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const { body } = await upload([{ name: "big.png", type: "image/png", bytes: over }]);
    expect(body).toMatchObject({ code: 400, msg: "最大上传3M" });
    expect(stored()).toEqual(before);
    expect(stored().some((n) => n.endsWith(".part"))).toBe(false);
  });

  it("asks for a file when none is sent", async () => {
    expect((await upload([], admin, { note: "no file" })).body.msg).toBe("请选择要上传的图片");
    const json = await s.app.inject({ method: "POST", url: uploadUrl, payload: { file: "x" }, headers: { cookie: admin } });
    expect(json.json().msg).toBe("请选择要上传的图片");
  });

  it("is for the main admin and sub-admins holding a menu whose form uploads images (issue 8 finding 8)", async () => {
    const file = [{ name: "cover.png", type: "image/png", bytes: png() }];
    expect((await upload(file, "")).status).toBe(401);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await upload(file, teacher)).status).toBe(403);
    // 周主管 holds only the user-management menus: no form of theirs uploads an image.
    const before = stored();
    const usersOnly = await signIn(s.app, "13800000004", "admin");
    expect(await upload(file, usersOnly)).toMatchObject({ status: 403, body: { code: 403, msg: "拒绝访问" } });
    expect(stored()).toEqual(before);
    expect(imageUpload.menuKeys).toContain(course.menu.key);
    const withCourses = await signIn(s.app, "13800000009", "admin");
    expect((await upload(file, withCourses)).body.code).toBe(0);
  });

  it("records each stored file with its organisation, name and size, and nothing for a refused one", async () => {
    const bytes = png();
    const { body } = await upload([{ name: "cover.png", type: "image/png", bytes }]);
    const name = body.data!.url.split("/").pop()!;
    const row = await s.db.kysely.selectFrom("uploads").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
    const org = await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ org_id: org.id, bytes: bytes.length });
    expect(Math.abs(Number(row.created_at) - Date.now())).toBeLessThan(60_000);
    const rows = async () => (await s.db.kysely.selectFrom("uploads").select("name").execute()).map((r) => r.name).sort();
    const recorded = await rows();
    await upload([{ name: "x.png", type: "image/png", bytes: Buffer.from("not an image") }]);
    expect(await rows()).toEqual(recorded);
    expect(recorded).toEqual(stored().sort());
  });

  it("answers a multipart body it cannot read in words, not a 500", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const res = await s.app.inject({ method: "POST", url: uploadUrl, headers: { cookie: admin, "content-type": type }, payload: "garbage" });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().code, type).toBe(400);
    }
  });

  it("serves only names it gave out", async () => {
    for (const url of ["/uploads/0123456789abcdef0123456789abcdef.png", "/uploads/..%2Flectern.sqlite", "/uploads/lectern.sqlite", "/uploads/x.txt"])
      expect((await s.app.inject({ url })).statusCode, url).toBe(404);
  });
});

describe("the organisation's upload quota and rate (issue 8 finding 8)", () => {
  const orgOf = async (name: string) => (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  const uploadsOf = async (orgId: number) => s.db.kysely.selectFrom("uploads").selectAll().where("org_id", "=", orgId).execute();

  it("takes a burst of parallel uploads only up to the rate, keeps no file it refused, and takes more a minute later", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    const orgId = await orgOf("第二学校");
    const before = stored();
    const burst = await Promise.all(Array.from({ length: 30 }, () => upload([{ name: "c.png", type: "image/png", bytes: png() }], second)));
    expect(burst.filter((r) => r.body.code === 0)).toHaveLength(imageUpload.perMinute);
    const refused = burst.filter((r) => r.body.code !== 0);
    expect(refused).toHaveLength(30 - imageUpload.perMinute);
    for (const r of refused) expect(r).toMatchObject({ status: 429, body: { code: 429, msg: "上传过于频繁，请稍后再试" } });
    const rows = await uploadsOf(orgId);
    expect(rows).toHaveLength(imageUpload.perMinute);
    expect(stored().filter((n) => !before.includes(n)).sort()).toEqual(rows.map((r) => r.name).sort());
    // The other organisation is not held back by this one's burst.
    expect((await upload([{ name: "c.png", type: "image/png", bytes: png() }])).body.code).toBe(0);

    await s.db.kysely.updateTable("uploads").set((eb) => ({ created_at: eb("created_at", "-", 61_000) })).where("org_id", "=", orgId).execute();
    expect((await upload([{ name: "c.png", type: "image/png", bytes: png() }], second)).body.code).toBe(0);
  });

  it("refuses a file past the quota with the quota in the message, and keeps nothing of it", async () => {
    const orgId = await orgOf("示例学校");
    const used = (await uploadsOf(orgId)).reduce((sum, r) => sum + Number(r.bytes), 0);
    const file = (size: number) => [{ name: "c.png", type: "image/png", bytes: Buffer.concat([png(), Buffer.alloc(size - png().length)]) }];
    const quota = used + 1024 * 1024;
    const config = { ...loadConfig({ DATA_DIR: s.dataDir, LOG_LEVEL: "silent", DIST_DIR: path.join(s.dataDir, "no-dist") }), uploadQuotaBytes: quota };
    const small = await buildApp({ db: s.db, config, messages: outboxAdapter(s.dataDir) });
    try {
      const message = `本机构的上传空间已用完（上限${Math.floor(quota / 1024 / 1024)}M），无法继续上传`;
      expect((await upload(file(600 * 1024), admin, {}, small)).body.code).toBe(0);
      const before = stored();
      expect((await upload(file(600 * 1024), admin, {}, small)).body).toMatchObject({ code: 400, msg: message, data: { field: "file" } });
      expect(stored()).toEqual(before);
      // What is left fits exactly; then nothing does, not even the smallest image.
      expect((await upload(file(424 * 1024), admin, {}, small)).body.code).toBe(0);
      expect((await upload([{ name: "c.png", type: "image/png", bytes: png() }], admin, {}, small)).body.msg).toBe(message);
      expect(stored()).toHaveLength(before.length + 1);
      // The default quota is 1 GiB.
      expect((await upload([{ name: "c.png", type: "image/png", bytes: png() }])).body.code).toBe(0);
    } finally {
      await small.close();
    }
  });
});
