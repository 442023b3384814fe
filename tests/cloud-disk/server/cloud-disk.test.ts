import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisk, cloudDiskApi, type CloudCrumb, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { disk, fileBytes, folder, listing, names, startDisk, uploadFile, type DiskWorld } from "./cloud-disk-helpers";

/**
 * The cloud disk's calls and rules (2 §5, §7): folders, rename, delete, move, search, the
 * breadcrumb, the music folder, the hidden system folders, and the messages each says.
 */
let w: DiskWorld;
beforeAll(async () => (w = await startDisk()), 120_000);
afterAll(() => w.s.close());

const { messages } = cloudDisk;
const app = () => w.s.app;

describe("a file's address (issue 16, 3.21)", () => {
  it("ends with the file's name, which a PDF viewer shows as its title, and serves the file's bytes", async () => {
    const bytes = fileBytes("pdf");
    const item = await uploadFile(w, w.admin, "第三章 讲义.pdf", bytes);
    const [stored, title] = item.url.replace("/cloud-disk/objects/", "").split("/");
    expect(stored).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(decodeURIComponent(title)).toBe("第三章 讲义.pdf");
    const served = await app().inject({ url: item.url, headers: { cookie: w.admin } });
    expect([served.statusCode, served.headers["content-type"], served.rawPayload.equals(bytes)]).toEqual([200, "application/pdf", true]);
    const renamed = await disk<CloudItem>(app(), w.admin, cloudDiskApi.rename, { id: item.id, name: "终稿.pdf" });
    expect(renamed.body.data.url).toBe(`/cloud-disk/objects/${stored}/${encodeURIComponent("终稿.pdf")}`);
    const someoneElse = await app().inject({ url: item.url, headers: { cookie: w.otherAdmin } });
    expect(someoneElse.statusCode).toBe(404);
  });
});

describe("folders and the listing", () => {
  it("adds folders, lists one page of a folder folders first and newest first, and counts them", async () => {
    const root = await folder(app(), w.admin, "教学资料");
    const a = await folder(app(), w.admin, "第一单元", root.id);
    const b = await folder(app(), w.admin, "第二单元", root.id);
    const file = await uploadFile(w, w.admin, "讲义.pdf", fileBytes("pdf"), root.id);
    const page = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.list, { parentid: root.id });
    expect(page.body.msg).toBe("ok");
    expect(page.body.count).toBe(3);
    expect(page.body.data.map((i) => i.id)).toEqual([b.id, a.id, file.id]);
    expect(page.body.data[0]).toMatchObject({ name: "第二单元", file_type: 0, url: "", guid: "", ext_name: "", doc_size: 0, preview: "" });
    expect(page.body.data[0].update_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(page.body.data[2]).toMatchObject({ name: "讲义.pdf", file_type: 1, ext_name: "pdf", doc_size: 2048, preview: "pdf" });
    expect(page.body.data[2].url).toMatch(new RegExp(`^/cloud-disk/objects/[0-9a-f]{32}\\.pdf/${encodeURIComponent("讲义.pdf")}$`));
    expect(page.body.data[2].guid).toMatch(/^[0-9a-f]{32}$/);

    const folders = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.list, { parentid: root.id, dir: 1 });
    expect(names(folders.body.data)).toEqual(["第二单元", "第一单元"]);
    const second = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.list, { parentid: root.id, page: 2, count: 2 });
    expect([second.body.count, names(second.body.data)]).toEqual([3, ["讲义.pdf"]]);
  });

  it("pages a folder the same from either end: every page of 7, in order, makes the whole listing", async () => {
    const box = await folder(app(), w.admin, "分页");
    for (let i = 1; i <= 5; i++) await folder(app(), w.admin, `子${i}`, box.id);
    for (let i = 1; i <= 25; i++) await uploadFile(w, w.admin, `页${i}.png`, fileBytes("png", 100), box.id);
    const whole = await listing(app(), w.admin, box.id);
    expect(whole).toHaveLength(30);
    expect(names(whole).slice(0, 6)).toEqual(["子5", "子4", "子3", "子2", "子1", "页25.png"]);
    const paged: CloudItem[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.list, { parentid: box.id, page, count: 7 });
      expect(res.body.count).toBe(30);
      paged.push(...res.body.data);
    }
    expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id));
    const folders = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.list, { parentid: box.id, dir: 1, page: 2, count: 3 });
    expect([folders.body.count, names(folders.body.data)]).toEqual([5, ["子2", "子1"]]);
  });

  it("says 文件名不能为空 for an empty or blank name, and refuses a folder that does not exist", async () => {
    for (const name of ["", "   "]) {
      const res = await disk(app(), w.admin, cloudDiskApi.add, { parentid: 0, filetype: 0, name });
      expect([res.body.code, res.body.msg]).toEqual([400, messages.emptyName]);
    }
    const missing = await disk(app(), w.admin, cloudDiskApi.add, { filetype: 0 });
    expect(missing.body.msg).toBe(messages.emptyName);
    const nowhere = await disk(app(), w.admin, cloudDiskApi.add, { parentid: 999999, filetype: 0, name: "x" });
    expect([nowhere.body.code, nowhere.body.msg]).toEqual([404, messages.folderNotFound]);
    const list = await disk(app(), w.admin, cloudDiskApi.list, { parentid: 999999 });
    expect(list.body.msg).toBe(messages.folderNotFound);
  });

  it("keeps folders within 16 levels", async () => {
    let parent = 0;
    for (let level = 1; level <= cloudDisk.maxDepth; level++) parent = (await folder(app(), w.admin, `层${level}`, parent)).id;
    const deeper = await disk(app(), w.admin, cloudDiskApi.add, { parentid: parent, filetype: 0, name: "太深" });
    expect(deeper.body.msg).toBe(messages.tooDeep);
  });

  it("hides the system folders (背景视频, 背景课件, 课件语料) from listings and search, though they exist", async () => {
    await folder(app(), w.admin, "任意");
    const rows = await w.s.db.kysely.selectFrom("cloud_files").select(["name", "system"]).where("system", "<>", "").execute();
    expect(rows.map((r) => r.name).sort()).toEqual(["背景视频", "背景课件", "课件语料"].sort());
    const root = await listing(app(), w.admin);
    expect(names(root)).not.toContain("背景视频");
    const found = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.search, { key: "背景" });
    expect(found.body.data).toEqual([]);
    const systemId = (await w.s.db.kysely.selectFrom("cloud_files").select("id").where("system", "=", "bgvideo").executeTakeFirstOrThrow()).id;
    const inside = await disk(app(), w.admin, cloudDiskApi.list, { parentid: systemId });
    expect(inside.body.msg).toBe(messages.folderNotFound);
  });
});

describe("the folders' kept counts (migration 0019)", () => {
  it("answer each listing's total as its rows are, through adds, moves, renames and deletes", async () => {
    const a = await folder(app(), w.assistant, "计数甲");
    const b = await folder(app(), w.assistant, "计数乙");
    const inner = await folder(app(), w.assistant, "里层", a.id);
    for (const n of [1, 2, 3]) await uploadFile(w, w.assistant, `计数${n}.pdf`, fileBytes("pdf"), a.id);
    await uploadFile(w, w.assistant, "更深.pdf", fileBytes("pdf"), inner.id);
    const totals = async () => {
      const out: Record<string, [number, number]> = {};
      for (const [name, id] of [["root", 0], ["甲", a.id], ["乙", b.id], ["里层", inner.id]] as const) {
        const all = await disk<CloudItem[]>(app(), w.assistant, cloudDiskApi.list, { parentid: id, count: 500 });
        const dirs = await disk<CloudItem[]>(app(), w.assistant, cloudDiskApi.list, { parentid: id, dir: 1, count: 500 });
        expect(all.body.count, name).toBe(all.body.data.length);
        expect(dirs.body.count, name).toBe(dirs.body.data.length);
        out[name] = [all.body.count!, dirs.body.count!];
      }
      return out;
    };
    expect(await totals()).toMatchObject({ 甲: [4, 1], 乙: [0, 0], 里层: [1, 0] });
    await disk(app(), w.assistant, cloudDiskApi.move, { id: String(inner.id), newid: b.id });
    await disk(app(), w.assistant, cloudDiskApi.rename, { id: a.id, name: "计数甲改" });
    expect(await totals()).toMatchObject({ 甲: [3, 0], 乙: [1, 1], 里层: [1, 0] });
    await disk(app(), w.assistant, cloudDiskApi.remove, { id: String(b.id) });
    const rows = await w.s.db.kysely.selectFrom("cloud_folder_counts").select(["parent_id", "n"]).where("parent_id", "in", [b.id, inner.id]).execute();
    expect(rows.map((r) => r.n)).toEqual([0, 0]);
    const root = await disk<CloudItem[]>(app(), w.assistant, cloudDiskApi.list, { parentid: 0, count: 500 });
    expect(root.body.count).toBe(root.body.data.length);
  });
});

describe("the music folder (2 §5)", () => {
  it("allows one 音乐 at the root, never deleted, moved or renamed; another 音乐 may live deeper", async () => {
    const music = await folder(app(), w.teacher, cloudDisk.musicFolder);
    const second = await disk(app(), w.teacher, cloudDiskApi.add, { parentid: 0, filetype: 0, name: cloudDisk.musicFolder });
    expect([second.body.code, second.body.msg]).toEqual([400, messages.musicExists]);
    const box = await folder(app(), w.teacher, "收纳");
    const deeper = await folder(app(), w.teacher, cloudDisk.musicFolder, box.id);

    const removed = await disk(app(), w.teacher, cloudDiskApi.remove, { id: String(music.id) });
    expect(removed.body.msg).toBe(messages.musicFixed);
    const moved = await disk(app(), w.teacher, cloudDiskApi.move, { id: String(music.id), newid: box.id });
    expect(moved.body.msg).toBe(messages.musicFixed);
    const renamed = await disk(app(), w.teacher, cloudDiskApi.rename, { id: music.id, name: "歌曲" });
    expect(renamed.body.msg).toBe(messages.musicFixed);

    const up = await disk(app(), w.teacher, cloudDiskApi.move, { id: String(deeper.id), newid: 0 });
    expect(up.body.msg).toBe(messages.musicExists);
    const other = await folder(app(), w.teacher, "别的");
    const takeName = await disk(app(), w.teacher, cloudDiskApi.rename, { id: other.id, name: cloudDisk.musicFolder });
    expect(takeName.body.msg).toBe(messages.musicExists);
    expect(names(await listing(app(), w.teacher)).filter((n) => n === cloudDisk.musicFolder)).toHaveLength(1);
  });

  it("marks the root's 音乐 as fixed in listings and search, so no screen offers to change it (issue 16, 3.18)", async () => {
    const fixedOf = (items: CloudItem[]) => items.filter((i) => i.file_type === 0).map((i) => [i.name, i.fixed ?? 0]);
    const root = await listing(app(), w.teacher);
    expect(fixedOf(root)).toEqual(expect.arrayContaining([[cloudDisk.musicFolder, 1], ["收纳", 0]]));
    const box = root.find((i) => i.name === "收纳")!;
    expect(fixedOf(await listing(app(), w.teacher, box.id))).toEqual([[cloudDisk.musicFolder, 0]]);
    const found = await disk<CloudItem[]>(app(), w.teacher, cloudDiskApi.search, { key: cloudDisk.musicFolder });
    expect(fixedOf(found.body.data).sort()).toEqual([[cloudDisk.musicFolder, 0], [cloudDisk.musicFolder, 1]]);
  });

  it("holds to one 音乐 when two requests create it at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => disk(app(), w.assistant, cloudDiskApi.add, { parentid: 0, filetype: 0, name: cloudDisk.musicFolder })),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 0)) expect(r.body.msg).toBe(messages.musicExists);
  });
});

describe("rename, delete, move, search and the breadcrumb", () => {
  it("renames (修改成功), trimmed, and says 文件名不能为空 for a blank name", async () => {
    const f = await folder(app(), w.admin, "旧名字");
    const res = await disk<CloudItem>(app(), w.admin, cloudDiskApi.rename, { id: f.id, name: "  新名字 " });
    expect([res.body.msg, res.body.data.name]).toEqual([messages.renamed, "新名字"]);
    const blank = await disk(app(), w.admin, cloudDiskApi.rename, { id: f.id, name: " " });
    expect(blank.body.msg).toBe(messages.emptyName);
  });

  it("deletes a folder with everything in it (删除成功), and several at once (批量删除成功)", async () => {
    const top = await folder(app(), w.admin, "待删除");
    const mid = await folder(app(), w.admin, "中间", top.id);
    await folder(app(), w.admin, "最里", mid.id);
    await uploadFile(w, w.admin, "里面.png", fileBytes("png"), mid.id);
    const one = await disk(app(), w.admin, cloudDiskApi.remove, { id: String(top.id) });
    expect([one.body.code, one.body.msg]).toEqual([0, messages.deleted]);
    const left = await w.s.db.kysely.selectFrom("cloud_files").select("id").where("path", "like", `%/${top.id}/%`).execute();
    expect(left).toEqual([]);

    const a = await folder(app(), w.admin, "批量甲");
    const b = await folder(app(), w.admin, "批量乙");
    const both = await disk(app(), w.admin, cloudDiskApi.remove, { id: `${a.id},${b.id}` });
    expect(both.body.msg).toBe(messages.batchDeleted);
    expect(names(await listing(app(), w.admin))).not.toContain("批量甲");
  });

  it("moves items (移动成功) with their content, never into themselves or what is inside them", async () => {
    const a = await folder(app(), w.admin, "移动甲");
    const a1 = await folder(app(), w.admin, "甲一", a.id);
    const a2 = await folder(app(), w.admin, "甲二", a1.id);
    const b = await folder(app(), w.admin, "移动乙");
    const file = await uploadFile(w, w.admin, "随行.pdf", fileBytes("pdf"), a2.id);

    for (const target of [a.id, a1.id, a2.id]) {
      const res = await disk(app(), w.admin, cloudDiskApi.move, { id: String(a.id), newid: target });
      expect(res.body.msg, String(target)).toBe(messages.intoItself);
    }
    const moved = await disk(app(), w.admin, cloudDiskApi.move, { id: String(a.id), newid: b.id });
    expect([moved.body.code, moved.body.msg]).toEqual([0, messages.moved]);
    const trail = await disk<CloudCrumb[]>(app(), w.admin, cloudDiskApi.parents, { id: a2.id });
    expect(trail.body.data.map((c) => c.name)).toEqual(["移动乙", "移动甲", "甲一", "甲二"]);
    expect(names(await listing(app(), w.admin, a2.id))).toEqual(["随行.pdf"]);

    const back = await disk(app(), w.admin, cloudDiskApi.move, { id: `${a1.id},${file.id}`, newid: 0 });
    expect(back.body.code).toBe(0);
    expect(names(await listing(app(), w.admin))).toEqual(expect.arrayContaining(["甲一", "随行.pdf"]));
    const crumbs = await disk<CloudCrumb[]>(app(), w.admin, cloudDiskApi.parents, { id: a2.id });
    expect(crumbs.body.data.map((c) => c.name)).toEqual(["甲一", "甲二"]);
  });

  it("records each change in the organisation's log, in the log's words", async () => {
    const box = await folder(app(), w.admin, "日志夹");
    const f = await folder(app(), w.admin, "日志项");
    await disk(app(), w.admin, cloudDiskApi.rename, { id: f.id, name: "日志项改" });
    await disk(app(), w.admin, cloudDiskApi.move, { id: String(f.id), newid: box.id });
    await disk(app(), w.admin, cloudDiskApi.remove, { id: String(f.id) });
    const rows = await w.s.db.kysely.selectFrom("audit_log").select(["action", "diff", "actor_name"]).where("resource", "=", "cloudDisk").where("record_id", "=", f.id).orderBy("id").execute();
    expect(rows.map((r) => [r.action, JSON.parse(r.diff)])).toEqual([
      ["create", { before: {}, after: { 名称: "日志项", 类型: "文件夹", 位置: "全部文件" } }],
      ["update", { before: { 名称: "日志项" }, after: { 名称: "日志项改" } }],
      ["update", { before: { 位置: "全部文件" }, after: { 位置: "日志夹" } }],
      ["remove", { before: { 名称: "日志项改", 类型: "文件夹", 位置: "日志夹" }, after: {} }],
    ]);
    expect(rows.every((r) => r.actor_name === "张校长")).toBe(true);
  });

  it("refuses a move that would pass 16 levels", async () => {
    let deep = 0;
    for (let level = 1; level <= 10; level++) deep = (await folder(app(), w.assistant, `深${level}`, deep)).id;
    const tall = await folder(app(), w.assistant, "高");
    let inner = tall.id;
    for (let level = 2; level <= 7; level++) inner = (await folder(app(), w.assistant, `高${level}`, inner)).id;
    const res = await disk(app(), w.assistant, cloudDiskApi.move, { id: String(tall.id), newid: deep });
    expect(res.body.msg).toBe(messages.tooDeep);
  });

  it("searches the whole disk by name, marking each result, with % and _ taken literally", async () => {
    const f = await folder(app(), w.admin, "搜索区");
    await uploadFile(w, w.admin, "期末复习_100%.pdf", fileBytes("pdf"), f.id);
    await folder(app(), w.admin, "复习计划", f.id);
    await folder(app(), w.admin, "期末x100y", f.id);
    const res = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.search, { key: "复习" });
    expect(names(res.body.data).sort()).toEqual(["复习计划", "期末复习_100%.pdf"].sort());
    expect(res.body.data.every((i) => i.bySearch === 1)).toBe(true);
    const literal = await disk<CloudItem[]>(app(), w.admin, cloudDiskApi.search, { key: "_100%" });
    expect(names(literal.body.data)).toEqual(["期末复习_100%.pdf"]);
    const blank = await disk(app(), w.admin, cloudDiskApi.search, { key: " " });
    expect(blank.body.msg).toBe("请输入搜索内容");
  });
});
