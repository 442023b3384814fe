import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisk, cloudDiskApi } from "../../../resources/cloud-disk/cloud-disk";
import { seedCloudDisk } from "../../../server/seed/cloud-disk";
import { disk, listing, names, startDisk, type DiskWorld } from "./cloud-disk-helpers";

/** The demo's cloud files (server/seed/cloud-disk.ts): real bytes, in the right disks, under the disk's own rules. */
let w: DiskWorld;
beforeAll(async () => {
  w = await startDisk();
  await seedCloudDisk(w.s.db, w.s.dataDir);
}, 120_000);
afterAll(() => w.s.close());

describe("the demo cloud disk", () => {
  it("gives the school's disk folders, the music folder and files, the system folders hidden", async () => {
    const root = await listing(w.s.app, w.admin);
    expect(names(root)).toEqual(["宣传素材", cloudDisk.musicFolder, "教学课件", "课程介绍.pdf"]);
    const again = await disk(w.s.app, w.admin, cloudDiskApi.add, { parentid: 0, filetype: 0, name: cloudDisk.musicFolder });
    expect(again.body.msg).toBe(cloudDisk.messages.musicExists);
    const promotion = root.find((i) => i.name === "宣传素材")!;
    const files = await listing(w.s.app, w.admin, promotion.id);
    expect(files.map((f) => [f.name, f.preview])).toEqual([["招生简章.pdf", "pdf"], ["校园风景.png", "image"]]);
    for (const f of files) {
      const res = await w.s.app.inject({ url: f.url, headers: { cookie: w.admin } });
      expect([res.statusCode, res.rawPayload.length]).toEqual([200, f.doc_size]);
    }
  });

  it("gives the teacher and the assistant their own disks, which the school's admin does not see", async () => {
    expect(names(await listing(w.s.app, w.teacher))).toEqual(["我的备课", "课堂照片.png"]);
    expect(names(await listing(w.s.app, w.assistant))).toEqual(["助教笔记"]);
    const search = await disk<{ name: string }[]>(w.s.app, w.admin, cloudDiskApi.search, { key: "第一课" });
    expect(search.body.data).toEqual([]);
  });
});
