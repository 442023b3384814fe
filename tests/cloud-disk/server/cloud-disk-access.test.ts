import teacherResource from "../../../resources/users/teacher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisk, cloudDiskApi, type CloudCrumb, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { signIn } from "../../kernel/server/helpers";
import { disk, fileBytes, folder, listing, md5, names, startDisk, storedOf, uploadFile, url, type DiskWorld } from "./cloud-disk-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * Who reaches which disk (1 §6, 2 §6): admins edit the organisation's disk, teachers and
 * assistants their own and read the organisation's when granted it, students nothing; another
 * organisation, and another person's personal disk, can neither list, fetch nor change a file.
 */
let w: DiskWorld;
let otherTeacher: string;
let subadmin: string;
let orgFolder: CloudItem;
let orgFile: CloudItem;
const orgBytes = fileBytes("pdf");
let personalFolder: CloudItem;
let personalFile: CloudItem;

beforeAll(async () => {
  w = await startDisk();
  const added = await call(w.s.app, w.admin, teacherResource.api.create!, { name: "钱老师", mobile: "13700000001", passwd: "abc123" });
  if (added.body.code !== 0) throw new Error(added.body.msg);
  otherTeacher = await signIn(w.s.app, "13700000001", "teacher", "abc123");
  subadmin = await signIn(w.s.app, "13800000004", "admin");
  orgFolder = await folder(w.s.app, w.admin, "机构资料");
  orgFile = await uploadFile(w, w.admin, "机构讲义.pdf", orgBytes, orgFolder.id);
  personalFolder = await folder(w.s.app, w.teacher, "我的备课");
  personalFile = await uploadFile(w, w.teacher, "私人笔记.png", fileBytes("png"), personalFolder.id);
}, 120_000);
afterAll(() => w.s.close());

const app = () => w.s.app;
const get = (path: string, cookie = "") => app().inject({ url: path, headers: cookie ? { cookie } : {} });

/** Every call of the disk with parameters that would pass validation, so only the guard can refuse. */
const everyCall = () =>
  [
    [cloudDiskApi.list, { parentid: 0 }],
    [cloudDiskApi.groupList, { parentid: 0 }],
    [cloudDiskApi.search, { key: "讲义" }],
    [cloudDiskApi.parents, { id: orgFolder.id }],
    [cloudDiskApi.add, { parentid: 0, filetype: 0, name: "新建" }],
    [cloudDiskApi.rename, { id: orgFolder.id, name: "改名" }],
    [cloudDiskApi.remove, { id: String(orgFile.id) }],
    [cloudDiskApi.move, { id: String(orgFile.id), newid: 0 }],
    [cloudDiskApi.checkMd5, { name: "a.pdf", md5: "0".repeat(32) }],
    [cloudDiskApi.mediaUrl, { videoid: orgFile.guid }],
    [cloudDiskApi.token, { name: "a.pdf", size: 10 }],
    [cloudDiskApi.status, { docid: orgFile.guid }],
  ] as const;

describe("the guard of every call", () => {
  it("answers 401 without a session, and 403 to a student and to a sub-admin without clouddiskop, before any parameter", async () => {
    for (const [endpoint, params] of everyCall()) {
      const label = `${endpoint.method} ${endpoint.path}`;
      const none = await disk(app(), "", endpoint, params);
      expect([none.status, none.body.code], label).toEqual([401, 401]);
      for (const cookie of [w.student, subadmin]) {
        const res = await disk(app(), cookie, endpoint, params);
        expect([res.status, res.body.msg], label).toEqual([403, "拒绝访问"]);
      }
    }
    const upload = await app().inject({ method: "POST", url: url(cloudDiskApi.upload), headers: { cookie: w.student, "tus-resumable": "1.0.0" } });
    expect(upload.statusCode).toBe(403);
    expect((await get(orgFile.url)).statusCode).toBe(401);
    expect((await get(orgFile.url, w.student)).statusCode).toBe(403);
  });

  it("refuses a teacher without the organisation's disk its group list, and one without a personal disk its own", async () => {
    const group = await disk(app(), otherTeacher, cloudDiskApi.groupList, { parentid: 0 });
    expect(group.status).toBe(403);
    const assistants = w.s.db.kysely.selectFrom("identities").select(["id", "userop"]).where("role", "=", "assistant");
    const granted = await assistants.execute();
    await w.s.db.kysely.updateTable("identities").set({ userop: "[]" }).where("role", "=", "assistant").execute();
    const res = await disk(app(), w.assistant, cloudDiskApi.list, { parentid: 0 });
    expect(res.status).toBe(403);
    for (const { id, userop } of granted) await w.s.db.kysely.updateTable("identities").set({ userop }).where("id", "=", id).execute();
  });
});

describe("the organisation's disk, read only to teachers", () => {
  it("lists, searches, walks and serves the organisation's files to a teacher granted clouddiskop", async () => {
    expect(names(await listing(app(), w.teacher, 0, cloudDiskApi.groupList))).toContain("机构资料");
    expect(names(await listing(app(), w.teacher, orgFolder.id, cloudDiskApi.groupList))).toEqual(["机构讲义.pdf"]);
    const found = await disk<CloudItem[]>(app(), w.teacher, cloudDiskApi.search, { key: "机构", group: 1 });
    expect(names(found.body.data)).toEqual(["机构讲义.pdf", "机构资料"]);
    const crumbs = await disk<CloudCrumb[]>(app(), w.teacher, cloudDiskApi.parents, { id: orgFolder.id, group: 1 });
    expect(crumbs.body.data).toEqual([{ id: orgFolder.id, name: "机构资料" }]);
    const file = await get(orgFile.url, w.teacher);
    expect([file.statusCode, file.headers["content-type"]]).toEqual([200, "application/pdf"]);
  });

  it("never lets the teacher change it: the teacher's writes are its own disk's", async () => {
    const rename = await disk(app(), w.teacher, cloudDiskApi.rename, { id: orgFile.id, name: "改" });
    expect(rename.body.msg).toBe(cloudDisk.messages.notFound);
    const into = await disk(app(), w.teacher, cloudDiskApi.add, { parentid: orgFolder.id, filetype: 0, name: "塞进去" });
    expect(into.body.msg).toBe(cloudDisk.messages.folderNotFound);
    const own = await listing(app(), w.teacher);
    expect(names(own)).toEqual(["我的备课"]);
  });
});

describe("another organisation and another person's disk", () => {
  const refusals = (item: CloudItem, folderItem: CloudItem) =>
    [
      [cloudDiskApi.list, { parentid: folderItem.id }, cloudDisk.messages.folderNotFound],
      [cloudDiskApi.groupList, { parentid: folderItem.id }, cloudDisk.messages.folderNotFound],
      [cloudDiskApi.parents, { id: folderItem.id }, cloudDisk.messages.folderNotFound],
      [cloudDiskApi.rename, { id: item.id, name: "占用" }, cloudDisk.messages.notFound],
      [cloudDiskApi.remove, { id: String(item.id) }, cloudDisk.messages.notFound],
      [cloudDiskApi.move, { id: String(item.id), newid: 0 }, cloudDisk.messages.notFound],
      [cloudDiskApi.mediaUrl, { videoid: item.guid }, cloudDisk.messages.notFound],
      [cloudDiskApi.status, { docid: item.guid }, cloudDisk.messages.notFound],
      [cloudDiskApi.add, { parentid: 0, filetype: 1, docid: item.guid, name: "偷来.pdf" }, cloudDisk.messages.notFound],
    ] as const;

  it("refuses another organisation's admin every call on the school's files, and their addresses", async () => {
    for (const [item, box] of [[orgFile, orgFolder], [personalFile, personalFolder]] as const)
      for (const [endpoint, params, msg] of refusals(item, box)) {
        const res = await disk(app(), w.otherAdmin, endpoint, params);
        expect(res.body.msg, `${endpoint.method} ${endpoint.path}`).toBe(msg);
      }
    expect((await get(orgFile.url, w.otherAdmin)).statusCode).toBe(404);
    expect((await get(personalFile.url, w.otherAdmin)).statusCode).toBe(404);
    const search = await disk<CloudItem[]>(app(), w.otherAdmin, cloudDiskApi.search, { key: "机构" });
    expect(search.body.data).toEqual([]);
  });

  it("refuses another teacher of the same school the teacher's personal files, and the admin too", async () => {
    for (const cookie of [otherTeacher, w.admin]) {
      for (const [endpoint, params, msg] of refusals(personalFile, personalFolder)) {
        const res = await disk(app(), cookie, endpoint, params);
        // 钱老师 holds no organisation disk at all: its group list is refused outright.
        const expected = cookie === otherTeacher && endpoint === cloudDiskApi.groupList ? "拒绝访问" : msg;
        expect(res.body.msg, `${endpoint.method} ${endpoint.path}`).toBe(expected);
      }
      expect((await get(personalFile.url, cookie)).statusCode).toBe(404);
    }
    const search = await disk<CloudItem[]>(app(), otherTeacher, cloudDiskApi.search, { key: "私人" });
    expect(search.body.data).toEqual([]);
    const own = await get(personalFile.url, w.teacher);
    expect(own.statusCode).toBe(200);
  });

  it("hands out a signed address that works without a session for minutes, and not once tampered with", async () => {
    const signed = await disk<{ url: string; expires_in: number }>(app(), w.teacher, cloudDiskApi.mediaUrl, { videoid: personalFile.guid });
    expect(signed.body.data.expires_in).toBe(cloudDisk.signedUrlSeconds);
    expect(signed.body.data.url).toMatch(/^\/cloud-disk\/objects\/[0-9a-f]{32}\.png\?e=\d+&s=[\w-]+$/);
    const res = await get(signed.body.data.url);
    expect([res.statusCode, res.headers["content-type"]]).toEqual([200, "image/png"]);
    // One character of the signature changed (to another one, whatever it was).
    const tampered = signed.body.data.url.replace(/s=(.)/, (_, c: string) => `s=${c === "A" ? "B" : "A"}`);
    expect((await get(tampered)).statusCode).toBe(401);
    const elsewhere = signed.body.data.url.replace(/objects\/[0-9a-f]{32}/, `objects/${"0".repeat(32)}`);
    expect((await get(elsewhere)).statusCode).toBe(401);
  });

  it("serves byte ranges, and never a stored file as a page", async () => {
    const ranged = await app().inject({ url: personalFile.url, headers: { cookie: w.teacher, range: "bytes=0-7" } });
    expect([ranged.statusCode, ranged.headers["content-range"], ranged.rawPayload.length]).toEqual([206, "bytes 0-7/2048", 8]);
    expect(ranged.rawPayload.subarray(0, 4).toString("hex")).toBe("89504e47");
    expect(ranged.headers["content-security-policy"]).toBe("default-src 'none';sandbox");
    for (const name of ["../token-secret", "x.png", "0123456789abcdef0123456789abcdef.html"])
      expect((await get(`/cloud-disk/objects/${encodeURIComponent(name)}`, w.admin)).statusCode, name).toBe(404);
  });
});

describe("a colleague who has learnt a personal file's md5 or docid (issue 16, 2.1)", () => {
  type Found = { exist: number; docid: string; url: string; md5: string };

  it("finds nothing by the md5, can neither attach the docid nor ask its status, and must send the bytes", async () => {
    const bytes = fileBytes("pdf");
    const hash = md5(bytes);
    const secret = await uploadFile(w, w.teacher, "教师私人.pdf", bytes);

    const check = await disk<Found>(app(), w.assistant, cloudDiskApi.checkMd5, { name: "x.pdf", md5: hash, parent: 0 });
    expect(check.body.data).toEqual({ exist: 0, docid: "", url: "", md5: hash });
    const attach = await disk(app(), w.assistant, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: secret.guid, name: "x.pdf" });
    expect([attach.body.code, attach.body.msg]).toEqual([404, cloudDisk.messages.notFound]);
    const status = await disk(app(), w.assistant, cloudDiskApi.status, { docid: secret.guid });
    expect([status.body.code, status.body.msg]).toEqual([404, cloudDisk.messages.notFound]);
    expect(names(await listing(app(), w.assistant))).not.toContain("x.pdf");
    expect((await get(secret.url, w.assistant)).statusCode).toBe(404);

    // Sending the bytes is the way in: the assistant then holds a copy of its own, and finds that one.
    const own = await uploadFile(w, w.assistant, "x.pdf", bytes);
    expect(own.guid).not.toBe(secret.guid);
    const again = await disk<Found>(app(), w.assistant, cloudDiskApi.checkMd5, { name: "x.pdf", md5: hash, parent: 0 });
    expect(again.body.data).toMatchObject({ exist: 1, docid: own.guid });
    const teachers = await disk<Found>(app(), w.teacher, cloudDiskApi.checkMd5, { name: "x.pdf", md5: hash, parent: 0 });
    expect(teachers.body.data).toMatchObject({ exist: 1, docid: secret.guid });
  });

  it("reuses a file of the organisation's disk that the caller reads, without sending it again", async () => {
    const check = await disk<Found>(app(), w.assistant, cloudDiskApi.checkMd5, { name: "讲义.pdf", md5: md5(orgBytes), parent: 0 });
    expect(check.body.data).toMatchObject({ exist: 1, docid: orgFile.guid });
    const attach = await disk<CloudItem>(app(), w.assistant, cloudDiskApi.add, { parentid: 0, filetype: 1, docid: orgFile.guid, name: "讲义.pdf" });
    expect([attach.body.msg, storedOf(attach.body.data)]).toEqual([cloudDisk.messages.uploaded, storedOf(orgFile)]);
    const status = await disk<{ Status: number }>(app(), w.assistant, cloudDiskApi.status, { docid: orgFile.guid });
    expect(status.body.data.Status).toBe(1);
  });
});
