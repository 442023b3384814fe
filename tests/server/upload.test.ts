import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUpload, uploadApi } from "../../resources/upload";
import { hostPrefixes } from "../../server/config";
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

async function upload(files: Parameters<typeof multipart>[0], cookie = admin, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart(files, fields);
  const res = await s.app.inject({ method: "POST", url: uploadUrl, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
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

  it("is for signed-in administrators only", async () => {
    const file = [{ name: "cover.png", type: "image/png", bytes: png() }];
    expect((await upload(file, "")).status).toBe(401);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await upload(file, teacher)).status).toBe(403);
    const subadmin = await signIn(s.app, "13800000004", "admin");
    expect((await upload(file, subadmin)).body.code).toBe(0);
  });

  it("serves only names it gave out", async () => {
    for (const url of ["/uploads/0123456789abcdef0123456789abcdef.png", "/uploads/..%2Flectern.sqlite", "/uploads/lectern.sqlite", "/uploads/x.txt"])
      expect((await s.app.inject({ url })).statusCode, url).toBe(404);
  });
});
