import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDiskApi, fileStateOf, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { convertNext, sofficeConverter, type OfficeConverter } from "../../../server/services/cloud-disk/jobs";
import { previewState } from "../../../server/services/cloud-disk/items";
import { diskStore } from "../../../server/services/cloud-disk/store";
import { disk, fileBytes, listing, startDisk, uploadFile, type DiskWorld } from "./cloud-disk-helpers";

/**
 * Office documents to PDF (2 §4, §5): converted by a background job when the server has
 * LibreOffice, shown as converting until then, and plainly not previewable without it. The job
 * runs one document at a time, gives up after a time-out, and converts each document once
 * however many server processes look for work.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-fake-soffice-"));

/** A stand-in for `soffice --convert-to pdf --outdir <dir> <file>`: writes <dir>/<stem>.pdf. */
function fakeSoffice(name: string, body: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(
    file,
    `#!/bin/sh\nout=""; prev=""; last=""\nfor a in "$@"; do [ "$prev" = "--outdir" ] && out="$a"; prev="$a"; last="$a"; done\n${body}\nstem=$(basename "$last"); stem="\${stem%.*}"\nprintf '%%PDF-1.4\\n%% converted\\n' > "$out/$stem.pdf"\n`,
    { mode: 0o755 },
  );
  return file;
}

let plain: DiskWorld;
let office: DiskWorld;
beforeAll(async () => {
  plain = await startDisk();
  office = await startDisk({ soffice: fakeSoffice("soffice", "sleep 1") });
}, 180_000);
afterAll(async () => {
  await plain.s.close();
  await office.s.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const waitFor = async <T>(probe: () => Promise<T | null>, ms = 15_000): Promise<T> => {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    const found = await probe();
    if (found !== null) return found;
  }
  throw new Error("timed out");
};

describe("without LibreOffice on the server", () => {
  it("stores an office document as it is: viewable by its address, not previewable, never converting", async () => {
    const item = await uploadFile(plain, plain.admin, "教案.pptx", fileBytes("pptx"));
    expect(item.url).toMatch(/\.pptx$/);
    expect(item.preview).toBe("");
    expect(fileStateOf(item, Date.now())).toBe("ready");
    const row = await plain.s.db.kysely.selectFrom("cloud_objects").select("preview_state").where("guid", "=", item.guid).executeTakeFirstOrThrow();
    expect(row.preview_state).toBe(previewState.unavailable);
  });
});

describe("with LibreOffice on the server", () => {
  it("shows a new document as converting (status 0), then converted to PDF (status 1) for preview", async () => {
    const item = await uploadFile(office, office.teacher, "讲稿.docx", fileBytes("pptx"));
    expect(item.url).toBe("");
    expect(fileStateOf(item, Date.now())).toBe("converting");
    expect(fileStateOf(item, Date.now() + 3600_000)).toBe("failed");
    const done = await waitFor(async () => {
      const res = await disk<{ Status: number; url: string }>(office.s.app, office.teacher, cloudDiskApi.status, { docid: item.guid });
      return res.body.data.Status === 1 ? res.body.data : null;
    });
    expect(done.url).toMatch(/^\/cloud-disk\/objects\/[0-9a-f]{32}\.pdf$/);
    const [listed] = (await listing(office.s.app, office.teacher)).filter((i: CloudItem) => i.id === item.id);
    // Its address ends with the document's name as a PDF, the title the browser's viewer shows.
    expect(listed).toMatchObject({ url: `${done.url}/${encodeURIComponent("讲稿.pdf")}`, preview: "pdf", ext_name: "docx" });
    const pdf = await office.s.app.inject({ url: done.url, headers: { cookie: office.teacher } });
    expect([pdf.statusCode, pdf.headers["content-type"], pdf.body.startsWith("%PDF-")]).toEqual([200, "application/pdf", true]);
  });
});

describe("the conversion job", () => {
  const waiting = async (w: DiskWorld, name: string) => {
    const item = await uploadFile(w, w.admin, name, fileBytes("pptx"));
    await w.s.db.kysely.updateTable("cloud_objects").set({ preview_state: previewState.waiting }).where("guid", "=", item.guid).execute();
    return item;
  };
  const stateOf = async (w: DiskWorld, guid: string) =>
    w.s.db.kysely.selectFrom("cloud_objects").select(["preview_state", "preview_tries", "preview_name"]).where("guid", "=", guid).executeTakeFirstOrThrow();

  it("converts each document once however many processes look for work at the same moment", async () => {
    const item = await waiting(plain, "一次.pptx");
    let calls = 0;
    const slow: OfficeConverter = {
      async convert(input, outDir) {
        calls++;
        await new Promise((r) => setTimeout(r, 200));
        const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
        fs.writeFileSync(pdf, "%PDF-1.4\n");
        return pdf;
      },
    };
    const store = diskStore(plain.s.dataDir);
    const found = await Promise.all(Array.from({ length: 4 }, () => convertNext(plain.s.db, store, slow)));
    expect(found.some(Boolean)).toBe(true);
    expect(calls).toBe(1);
    const after = await stateOf(plain, item.guid);
    expect(after.preview_state).toBe(previewState.done);
    expect(fs.existsSync(path.join(plain.s.dataDir, "cloud-disk", "files", after.preview_name))).toBe(true);
    expect(await convertNext(plain.s.db, store, slow)).toBe(false);
  });

  it("kills a conversion past its time-out, tries again, and gives up after three tries", async () => {
    const item = await waiting(plain, "卡住.pptx");
    const hanging = sofficeConverter(fakeSoffice("hanging-soffice", "sleep 30"));
    const store = diskStore(plain.s.dataDir);
    const started = Date.now();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await convertNext(plain.s.db, store, hanging, 300)).toBe(true);
      expect((await stateOf(plain, item.guid)).preview_tries).toBe(attempt);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await stateOf(plain, item.guid)).preview_state).toBe(previewState.failed);
    const status = await disk<{ Status: number; url: string }>(plain.s.app, plain.admin, cloudDiskApi.status, { docid: item.guid });
    expect(status.body.data.Status).toBe(1);
    expect(status.body.data.url).toMatch(/\.pptx$/);
  });

  it("takes over a claim left by a process that died mid-conversion", async () => {
    const item = await waiting(plain, "遗留.pptx");
    await plain.s.db.kysely
      .updateTable("cloud_objects")
      .set({ preview_state: previewState.converting, preview_claimed_at: Date.now() - 3600_000 })
      .where("guid", "=", item.guid)
      .execute();
    const store = diskStore(plain.s.dataDir);
    expect(await convertNext(plain.s.db, store, sofficeConverter(fakeSoffice("quick-soffice", "")))).toBe(true);
    expect((await stateOf(plain, item.guid)).preview_state).toBe(previewState.done);
  });
});
