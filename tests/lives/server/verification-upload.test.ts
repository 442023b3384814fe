import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePermissions } from "../../../resources/kernel/menu";
import { imageUpload, uploadApi, verificationImageUpload } from "../../../resources/kernel/upload";
import { hostPrefixes } from "../../../server/config";
import { solidBmp } from "../../kernel/fixtures/bmp";
import { gradientPng } from "../../kernel/fixtures/png";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const boundary = "----lectern-verification-boundary";

/** POST /upload with one file, under the rule named in the query (none: the cover rule). */
async function upload(bytes: Buffer, name: string, type: string, rule?: string, cookie = admin) {
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = hostPrefixes[uploadApi.upload.host] + uploadApi.upload.path + (rule === undefined ? "" : `?rule=${rule}`);
  const res = await s.app.inject({ method: "POST", url, payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { url: string } | null } };
}

const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

describe("the verification image rule of POST /upload (2 §5: jpeg, png, bmp, jpg; at most 5 MB)", () => {
  it("takes a bitmap under the verification rule, serves it as one, and refuses it as a cover", async () => {
    const bmp = solidBmp(4, 3);
    const { body } = await upload(bmp, "logo.bmp", "image/bmp", "verification");
    expect(body.code).toBe(0);
    expect(body.data!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.bmp$/);
    const served = await s.app.inject({ url: body.data!.url });
    expect(served.headers["content-type"]).toBe("image/bmp");
    expect(served.rawPayload.equals(bmp)).toBe(true);
    expect((await upload(bmp, "logo.bmp", "image/bmp")).body).toMatchObject({ code: 400, msg: imageUpload.messages.type });
    expect((await upload(bmp, "logo.bmp", "image/bmp", "cover")).body).toMatchObject({ code: 400, msg: imageUpload.messages.type });
  });

  it("takes 5 MB and refuses one byte more, where a cover stops at 3 MB", async () => {
    const png = gradientPng(2, 2);
    const four = padded(png, 4 * 1024 * 1024);
    expect((await upload(four, "cover.png", "image/png")).body).toMatchObject({ code: 400, msg: "最大上传3M" });
    expect((await upload(four, "cover.png", "image/png", "verification")).body.code).toBe(0);
    const exact = padded(png, verificationImageUpload.maxBytes);
    expect((await upload(exact, "poster.png", "image/png", "verification")).body.code).toBe(0);
    const over = padded(png, verificationImageUpload.maxBytes + 1);
    expect((await upload(over, "poster.png", "image/png", "verification")).body).toMatchObject({ code: 400, msg: "上传图片大小不能超过5M" });
  });

  it("judges the bytes: a text file starting BM, or named .bmp, is no image", async () => {
    expect((await upload(Buffer.from("BM this is only text, not a bitmap"), "fake.bmp", "image/bmp", "verification")).body).toMatchObject({ code: 400, msg: "只能上传图片格式" });
    expect((await upload(Buffer.from("GIF89a...."), "anim.gif", "image/gif", "verification")).body).toMatchObject({ code: 400, msg: "只能上传图片格式" });
  });

  it("refuses a rule it does not know, and lets liveop alone upload under the verification rule", async () => {
    expect((await upload(gradientPng(2, 2), "x.png", "image/png", "avatar")).body).toMatchObject({ code: 400, msg: "图片规则不正确" });
    const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
    await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(["liveop"])) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
    const liveOnly = await signIn(s.app, "13800000004", "admin");
    expect((await upload(gradientPng(2, 2), "x.png", "image/png", "verification", liveOnly)).body.code).toBe(0);
    expect((await upload(gradientPng(2, 2), "x.png", "image/png", undefined, liveOnly)).body).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect((await upload(gradientPng(2, 2), "x.png", "image/png", "verification", "")).status).toBe(401);
  });
});
