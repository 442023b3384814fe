import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";
import { setHttpAdapter } from "../../../providers/http";
import { fileRow, schoolDisk } from "../../../stories/clouddisk/disk-answers";
import { findButton, renderDisk, serveDisk } from "./support";

/**
 * Uploads on the screen (2 §4, §5, §7): the md5 is checked first and a file the caller may already
 * read is added without sending a byte; otherwise the bytes go by tus with progress, a failure offers
 * 重试, which resumes the same upload. jsdom has no Worker and no server to take tus, so the md5
 * worker and tus-js-client are replaced by stand-ins that behave as the real ones do.
 */
vi.mock("../../../src/lib/md5/file-md5", () => ({
  fileMd5: async (file: File, onProgress?: (share: number) => void) => {
    onProgress?.(1);
    return `md5-of-${file.name}`;
  },
}));

/** tus-js-client's Upload as the page uses it: each start either fails once (when told to) or sends the rest. */
const tus = vi.hoisted(() => ({ instances: [] as FakeUploadShape[], failNext: 0 }));
interface FakeUploadShape {
  options: { metadata: Record<string, string>; headers: Record<string, string>; endpoint: string; onProgress?: (a: number, b: number) => void; onSuccess?: () => void; onError?: (e: Error) => void };
  starts: number;
}
vi.mock("tus-js-client", () => ({
  Upload: class {
    starts = 0;
    constructor(
      readonly file: File,
      readonly options: FakeUploadShape["options"],
    ) {
      tus.instances.push(this as unknown as FakeUploadShape);
    }
    start() {
      this.starts++;
      const size = this.file.size;
      setTimeout(() => {
        this.options.onProgress?.(size / 2, size);
        if (tus.failNext > 0) {
          tus.failNext--;
          this.options.onError?.(new Error("network"));
        } else setTimeout(() => (this.options.onProgress?.(size, size), this.options.onSuccess?.()), 0);
      }, 0);
    }
    abort() {
      return Promise.resolve();
    }
  },
}));

beforeEach(() => {
  tus.instances = [];
  tus.failNext = 0;
});
afterEach(() => setHttpAdapter());

const { messages } = cloudDisk;
const choose = (...files: File[]) => fireEvent.change(document.querySelector("input[type=file]")!, { target: { files } });
const pdf = (name: string, size = 4096) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

describe("uploading to the disk", () => {
  it("adds a file the caller already reads, found by its md5, sending no byte (上传成功（秒传）)", async () => {
    const held = fileRow(50, "已有讲义.pdf");
    const server = serveDisk(schoolDisk(), { held: { "md5-of-讲义.pdf": held } });
    renderDisk("/clouddiskop", "?folder=1");
    await findButton("语文");
    choose(pdf("讲义.pdf"));
    expect(await screen.findByText("上传成功（秒传）")).toBeTruthy();
    expect(server.of("GET", "/mediaupload")[0].query).toEqual({ name: "讲义.pdf", md5: "md5-of-讲义.pdf", parent: 1 });
    expect(server.of("POST", "/webfile")[0].body).toEqual({ parentid: 1, filetype: 1, docid: "md5-of-讲义.pdf", name: "讲义.pdf", url: held.url, md5: "md5-of-讲义.pdf" });
    expect(server.of("GET", "/preupload")).toHaveLength(0);
    expect(tus.instances).toHaveLength(0);
    await findButton("讲义.pdf");
  });

  it("sends a new file by tus with the token, shows its progress, and resumes it with 重试 after a failure", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await findButton("教学课件");
    tus.failNext = 1;
    choose(pdf("新讲义.pdf"));
    expect(await screen.findByText(messages.uploadFailed)).toBeTruthy();
    // The share sent before the connection dropped stays on the bar.
    expect((document.querySelector(".ant-progress-bg") as HTMLElement).style.width).toBe("50%");
    const [upload] = tus.instances;
    expect(upload.options.headers).toEqual({ [cloudDisk.tokenHeader]: "story-token" });
    expect(upload.options.endpoint).toMatch(/\/cloud-disk-upload\/webupload$/);
    expect(server.of("GET", "/preupload")[0].query).toEqual({ name: "新讲义.pdf", size: 4096 });
    const videoid = (server.of("GET", "/preupload")[0].data as { data: { videoid: string } }).data.videoid;
    expect(upload.options.metadata).toMatchObject({ filename: "新讲义.pdf", videoid });
    expect(server.of("POST", "/webfile")).toHaveLength(0);

    fireEvent.click(await findButton("重试"));
    expect(await screen.findByText("上传成功")).toBeTruthy();
    expect(tus.instances).toHaveLength(1);
    expect(upload.starts).toBe(2);
    expect(server.of("GET", "/preupload")).toHaveLength(1);
    expect(server.of("POST", "/webfile")[0].body).toMatchObject({ parentid: 0, filetype: 1, docid: videoid, name: "新讲义.pdf" });
    await findButton("新讲义.pdf");
  });

  it("refuses a type the disk does not take and a file past 100 MB, before anything is sent", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await findButton("教学课件");
    const big = pdf("大文件.pdf");
    Object.defineProperty(big, "size", { value: cloudDisk.maxBytes + 1 });
    choose(new File(["x"], "安装包.exe"), big);
    expect(await screen.findByText(`安装包.exe：${messages.badType}`)).toBeTruthy();
    expect(await screen.findByText(`大文件.pdf：${messages.tooLarge}`)).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((c) => !c.path.endsWith("/webfile") && !c.path.endsWith("/loginrouter"))).toEqual([]));
    expect(document.querySelector(".ant-list")).toBeNull();
  });
});
