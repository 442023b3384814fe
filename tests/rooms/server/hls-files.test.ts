import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HlsFiles } from "../../../server/services/rooms/hls-files";

/**
 * The HLS route's files (server/services/rooms/hls-files.ts): what a thousand viewers ask for is
 * read once, and nothing is kept that could be a half-written or wrong file.
 */

const FOLDER = "a".repeat(32);
let dir: string;
let now: number;
let located: string[];

function files(maxSegmentBytes = 1024 * 1024) {
  return new HlsFiles({
    maxSegmentBytes,
    playlistMs: 250,
    now: () => now,
    locate: async (liveId, folder, file) => {
      located.push(file);
      if (liveId !== 7 || folder !== FOLDER) return null;
      return { path: path.join(dir, file), type: file.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t" };
    },
  });
}

const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
const playlist = (...segments: string[]) => write("live.m3u8", ["#EXTM3U", ...segments.flatMap((s) => ["#EXTINF:2.0,", s]), ""].join("\n"));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-hls-"));
  now = 1_000_000;
  located = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the HLS files a live's viewers ask for", () => {
  it("reads a playlist again only after a quarter of a second, and answers a missing file or another folder with nothing", async () => {
    const hls = files();
    playlist("r1-00000.ts");
    expect((await hls.get(7, FOLDER, "live.m3u8"))?.bytes.toString()).toContain("r1-00000.ts");
    playlist("r1-00000.ts", "r1-00001.ts");
    now += 200;
    expect((await hls.get(7, FOLDER, "live.m3u8"))?.bytes.toString()).not.toContain("r1-00001.ts");
    now += 100;
    expect((await hls.get(7, FOLDER, "live.m3u8"))?.bytes.toString()).toContain("r1-00001.ts");
    expect(await hls.get(7, "b".repeat(32), "live.m3u8")).toBeNull();
    expect(await hls.get(7, FOLDER, "r1-00009.ts")).toBeNull();
  });

  it("keeps a segment the playlist names, and reads one asked for early every time until it is named", async () => {
    const hls = files();
    playlist("r1-00000.ts");
    await hls.get(7, FOLDER, "live.m3u8");
    write("r1-00000.ts", "whole");
    write("r1-00001.ts", "half");
    expect((await hls.get(7, FOLDER, "r1-00001.ts"))?.bytes.toString()).toBe("half");
    write("r1-00001.ts", "half and the rest");
    expect((await hls.get(7, FOLDER, "r1-00001.ts"))?.bytes.toString()).toBe("half and the rest");
    expect((await hls.get(7, FOLDER, "r1-00000.ts"))?.bytes.toString()).toBe("whole");
    located = [];
    expect((await hls.get(7, FOLDER, "r1-00000.ts"))?.bytes.toString()).toBe("whole");
    expect(located).toEqual([]);
  });

  it("shares one read among viewers asking at once, and drops the least recently sent segments beyond its budget", async () => {
    const hls = files(8 * 100);
    const names = ["r1-00000.ts", "r1-00001.ts", "r1-00002.ts"];
    playlist(...names);
    for (const name of names) write(name, name[4].repeat(100));
    await hls.get(7, FOLDER, "live.m3u8");
    located = [];
    const answers = await Promise.all(Array.from({ length: 50 }, () => hls.get(7, FOLDER, "r1-00000.ts")));
    expect(new Set(answers.map((a) => a?.bytes.toString()))).toEqual(new Set(["0".repeat(100)]));
    expect(located).toEqual(["r1-00000.ts"]);
    // A budget of 800 bytes keeps a segment of 100 (an eighth) at most, so eight of them: the ninth pushes the first out.
    for (let i = 1; i <= 8; i++) {
      const name = `r1-1000${i}.ts`;
      write(name, "x".repeat(100));
      playlist(...names, name);
      now += 300;
      await hls.get(7, FOLDER, "live.m3u8");
      await hls.get(7, FOLDER, name);
    }
    located = [];
    await hls.get(7, FOLDER, "r1-10008.ts");
    await hls.get(7, FOLDER, "r1-00000.ts");
    expect(located).toEqual(["r1-00000.ts"]);
  });
});
