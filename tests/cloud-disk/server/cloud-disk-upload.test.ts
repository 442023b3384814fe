import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisk, cloudDiskApi, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { sweepUploads } from "../../../server/services/cloud-disk/jobs";
import { diskStore } from "../../../server/services/cloud-disk/store";
import { beginUpload, disk, fileBytes, listing, md5, patch, startDisk, storedOf, tusHeaders, uploadFile, url, type DiskWorld } from "./cloud-disk-helpers";

/**
 * Uploads over real connections (2 §4, §5, §7): tus through the server listening on loopback, a
 * connection cut mid-file and resumed, md5 reuse within an organisation only, the 100 MB bound,
 * the quota, and files whose bytes are not their type.
 */
let w: DiskWorld;
beforeAll(async () => (w = await startDisk()), 120_000);
afterAll(() => w.s.close());

const { messages } = cloudDisk;
const app = () => w.s.app;
const stored = () => fs.readdirSync(path.join(w.s.dataDir, "cloud-disk", "files"));
const objectsWith = (hash: string) => w.s.db.kysely.selectFrom("cloud_objects").select(["id", "org_id"]).where("md5", "=", hash).execute();

describe("an upload over tus", () => {
  it("stores the file under a random name, answers it in the folder, and serves the very bytes", async () => {
    const bytes = fileBytes("pdf", 300_000);
    const item = await uploadFile(w, w.teacher, "课件.pdf", bytes);
    expect(item).toMatchObject({ name: "课件.pdf", file_type: 1, ext_name: "pdf", doc_size: 300_000, preview: "pdf" });
    const res = await fetch(w.base + item.url, { headers: { cookie: w.teacher } });
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(stored()).toContain(storedOf(item));
    const status = await disk<{ Status: number; url: string }>(app(), w.teacher, cloudDiskApi.status, { docid: item.guid });
    expect(status.body.data).toEqual({ Status: 1, url: `/cloud-disk/objects/${storedOf(item)}` });
  });

  it("resumes after the connection is cut mid-file: the rest is sent from the offset the server kept", async () => {
    const bytes = fileBytes("mp4", 6 * 1024 * 1024);
    const started = await beginUpload(w, w.teacher, "录像.mp4", bytes.length);
    expect(started.created.status).toBe(201);
    // tus writes its answers itself; they carry the server's security headers all the same.
    expect([started.created.headers.get("x-content-type-options"), started.created.headers.get("content-security-policy")]).toEqual(["nosniff", expect.stringContaining("default-src 'self'")]);
    const target = new URL(w.base + started.location);
    // Half the file, then the socket is destroyed with the rest never sent.
    await new Promise<void>((resolve) => {
      const req = http.request(target, {
        method: "PATCH",
        headers: { ...tusHeaders(w.teacher, started.token), "upload-offset": "0", "content-type": "application/offset+octet-stream", "content-length": String(bytes.length) },
      });
      req.on("error", () => resolve());
      req.write(bytes.subarray(0, 3 * 1024 * 1024), () => setTimeout(() => (req.destroy(), resolve()), 300));
    });
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset === 0; attempt++) {
      const head = await fetch(target, { method: "HEAD", headers: tusHeaders(w.teacher, started.token) });
      offset = Number(head.headers.get("upload-offset"));
      if (offset === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * 1024 * 1024);
    const wrong = await patch(w, w.teacher, started.token, started.location, bytes, 0);
    expect(wrong.status).toBe(409);
    const rest = await patch(w, w.teacher, started.token, started.location, bytes, offset);
    expect(rest.status).toBe(204);
    const added = await disk<CloudItem>(app(), w.teacher, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: started.videoid, name: "录像.mp4" });
    const served = await fetch(w.base + added.body.data.url, { headers: { cookie: w.teacher } });
    expect(md5(Buffer.from(await served.arrayBuffer()))).toBe(md5(bytes));
  });

  it("takes no byte without the session and the token of that very upload", async () => {
    const bytes = fileBytes("png", 1000);
    const started = await beginUpload(w, w.teacher, "图.png", bytes.length);
    const other = await beginUpload(w, w.teacher, "别的.png", 10);
    const tries = [
      { cookie: "", token: started.token, status: 401 },
      { cookie: w.teacher, token: "", status: 401 },
      { cookie: w.teacher, token: other.token, status: 401 },
      { cookie: w.assistant, token: started.token, status: 401 },
      { cookie: w.otherAdmin, token: started.token, status: 401 },
    ];
    for (const t of tries) {
      const res = await patch(w, t.cookie, t.token, started.location, bytes, 0);
      expect(res.status, JSON.stringify(t).slice(0, 60)).toBe(t.status);
      expect(((await res.json()) as { code: number }).code).toBe(401);
    }
    const add = await disk(app(), w.teacher, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: started.videoid, name: "图.png" });
    expect(add.body.msg).toBe(messages.notUploaded);
  });

  it("refuses a type the disk does not take and anything past 100 MB before a byte moves", async () => {
    const exe = await disk(app(), w.admin, cloudDiskApi.token, { name: "setup.exe", size: 10 });
    expect(exe.body.msg).toBe(messages.badType);
    const big = await disk(app(), w.admin, cloudDiskApi.token, { name: "大.mp4", size: cloudDisk.maxBytes + 1 });
    expect(big.body.msg).toBe(messages.tooLarge);
    const started = await beginUpload(w, w.admin, "小.mp4", 10);
    const lying = await fetch(w.base + url(cloudDiskApi.upload), {
      method: "POST",
      headers: { ...tusHeaders(w.admin, started.token), "upload-length": String(cloudDisk.maxBytes + 1), "upload-metadata": `videoid ${Buffer.from(started.videoid).toString("base64")}` },
    });
    expect(lying.status).toBe(413);
  });

  it("refuses a file whose bytes are not what its name says, and keeps nothing of it", async () => {
    const before = stored().length;
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const started = await beginUpload(w, w.admin, "假图片.png", html.length);
    const sent = await patch(w, w.admin, started.token, started.location, html, 0);
    expect(sent.status).toBe(400);
    expect(((await sent.json()) as { msg: string }).msg).toBe(messages.contentMismatch);
    expect(stored().length).toBe(before);
    const status = await disk<{ Status: number }>(app(), w.admin, cloudDiskApi.status, { docid: started.videoid });
    expect(status.body.data.Status).toBe(2);
  });
});

describe("md5 reuse (2 §7 check md5)", () => {
  it("reuses bytes the caller may read (the organisation's disk it holds), never a personal disk's nor another organisation's", async () => {
    const bytes = fileBytes("pdf", 50_000);
    const hash = md5(bytes);
    const unknown = await disk(app(), w.teacher, cloudDiskApi.checkMd5, { name: "同一份.pdf", md5: hash });
    expect(unknown.body.data).toEqual({ exist: 0, docid: "", url: "", md5: hash });

    const orgs = await uploadFile(w, w.admin, "同一份.pdf", bytes);
    const found = await disk<{ exist: number; docid: string; url: string; md5: string }>(app(), w.teacher, cloudDiskApi.checkMd5, { name: "同一份.pdf", md5: hash.toUpperCase(), parent: 0 });
    expect(found.body.data).toMatchObject({ exist: 1, docid: orgs.guid, md5: hash });
    const added = await disk<CloudItem>(app(), w.teacher, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: found.body.data.docid, name: "我的一份.pdf", md5: hash });
    expect([added.body.msg, storedOf(added.body.data)]).toEqual([messages.uploaded, storedOf(orgs)]);
    expect(await objectsWith(hash)).toHaveLength(1);

    // The teacher's personal file is not the organisation's: its admin sends the bytes.
    const personal = fileBytes("png", 30_000);
    const teachers = await uploadFile(w, w.teacher, "私人.png", personal);
    const byAdmin = await disk(app(), w.admin, cloudDiskApi.checkMd5, { name: "私人.png", md5: md5(personal) });
    expect(byAdmin.body.data).toMatchObject({ exist: 0, docid: "" });
    const taken = await disk(app(), w.admin, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: teachers.guid, name: "拿来.png" });
    expect(taken.body.msg).toBe(messages.notFound);

    const elsewhere = await disk(app(), w.otherAdmin, cloudDiskApi.checkMd5, { name: "同一份.pdf", md5: hash });
    expect(elsewhere.body.data).toMatchObject({ exist: 0, docid: "" });
    const stolen = await disk(app(), w.otherAdmin, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: orgs.guid, name: "拿来.pdf" });
    expect(stolen.body.msg).toBe(messages.notFound);
  });

  it("keeps the bytes while an item points at them, and frees them and the quota with the last", async () => {
    const bytes = fileBytes("png", 40_000);
    const first = await uploadFile(w, w.admin, "共享.png", bytes);
    const second = await disk<CloudItem>(app(), w.admin, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: first.guid, name: "共享副本.png" });
    const file = storedOf(first);
    const quotaRow = () => w.s.db.kysely.selectFrom("uploads").select("bytes").where("name", "=", file).execute();
    expect(await quotaRow()).toEqual([{ bytes: 40_000 }]);
    await disk(app(), w.admin, cloudDiskApi.remove, { id: String(first.id) });
    expect(stored()).toContain(file);
    await disk(app(), w.admin, cloudDiskApi.remove, { id: String(second.body.data.id) });
    expect(stored()).not.toContain(file);
    expect(await quotaRow()).toEqual([]);
    expect(await objectsWith(md5(bytes))).toEqual([]);
  });
});

describe("the sweep of what nobody will use", () => {
  it("removes uploads never finished and files no item points at after a day, and keeps every file an item points at", async () => {
    const kept = await uploadFile(w, w.admin, "留下.pdf", fileBytes("pdf"));
    const open = await beginUpload(w, w.admin, "半途.pdf", 5000);
    await patch(w, w.admin, open.token, open.location, fileBytes("pdf", 5000).subarray(0, 2000), 0);
    const orphan = await beginUpload(w, w.admin, "无主.pdf", 3000);
    expect((await patch(w, w.admin, orphan.token, orphan.location, fileBytes("pdf", 3000), 0)).status).toBe(204);
    const orphanName = (await w.s.db.kysely.selectFrom("cloud_objects").select("name").where("guid", "=", orphan.videoid).executeTakeFirstOrThrow()).name;
    const partial = path.join(w.s.dataDir, "cloud-disk", "uploads", open.videoid);
    expect(fs.existsSync(partial)).toBe(true);

    const store = diskStore(w.s.dataDir);
    expect(await sweepUploads(w.s.db, store)).toBe(0);
    expect(await sweepUploads(w.s.db, store, Date.now() + 2 * cloudDisk.uploadLifeMs)).toBeGreaterThanOrEqual(2);
    const left = await w.s.db.kysely.selectFrom("cloud_objects").select("guid").where("guid", "in", [kept.guid, open.videoid, orphan.videoid]).execute();
    expect(left.map((o) => o.guid)).toEqual([kept.guid]);
    expect(fs.existsSync(partial)).toBe(false);
    expect(stored()).not.toContain(orphanName);
    expect(stored()).toContain(storedOf(kept));
    expect(await w.s.db.kysely.selectFrom("uploads").select("name").where("name", "=", orphanName).execute()).toEqual([]);
  });
});

describe("the organisation's quota", () => {
  const MB = 1024 * 1024;
  let small: DiskWorld;
  beforeAll(async () => (small = await startDisk({ uploadQuotaBytes: 2 * MB })), 120_000);
  afterAll(() => small.s.close());

  it("holds room for uploads under way, refuses what does not fit, and counts only what is kept", async () => {
    const full = "本机构的上传空间已用完（上限2M），无法继续上传";
    const tooBig = await disk(small.s.app, small.admin, cloudDiskApi.token, { name: "a.pdf", size: 2 * MB + 1 });
    expect(tooBig.body.msg).toBe(full);
    const first = await beginUpload(small, small.admin, "一.pdf", Math.round(1.2 * MB));
    expect(first.created.status).toBe(201);
    const second = await disk(small.s.app, small.admin, cloudDiskApi.token, { name: "二.pdf", size: MB });
    expect(second.body.msg).toBe(full);
    // A token asked without a size is held to the quota when the upload declares its length.
    const third = await disk<{ token: string; videoid: string }>(small.s.app, small.admin, cloudDiskApi.token, { name: "三.pdf" });
    const created = await fetch(small.base + url(cloudDiskApi.upload), {
      method: "POST",
      headers: { ...tusHeaders(small.admin, third.body.data.token), "upload-length": String(MB), "upload-metadata": `videoid ${Buffer.from(third.body.data.videoid).toString("base64")}` },
    });
    expect(created.status).toBe(400);
    expect(((await created.json()) as { msg: string }).msg).toBe(full);

    const bytes = fileBytes("pdf", Math.round(1.2 * MB));
    expect((await patch(small, small.admin, first.token, first.location, bytes, 0)).status).toBe(204);
    await disk(small.s.app, small.admin, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: first.videoid, name: "一.pdf" });
    const after = await disk(small.s.app, small.admin, cloudDiskApi.token, { name: "四.pdf", size: MB });
    expect(after.body.msg).toBe(full);
    // The same bytes again cost nothing: they are reused.
    const again = await disk<{ exist: number }>(small.s.app, small.admin, cloudDiskApi.checkMd5, { name: "一.pdf", md5: md5(bytes) });
    expect(again.body.data.exist).toBe(1);
    expect(names(await listing(small.s.app, small.admin))).toEqual(["一.pdf"]);
  });
});

const names = (items: CloudItem[]) => items.map((i) => i.name);
