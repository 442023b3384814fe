import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveMediaApi, mediaApi, mediaMessages, type MediaFile } from "../../../resources/vod/media-api";
import { seedMedia } from "../../../server/seed/media";
import { startVod, upload, vod, type VodWorld } from "./vod-helpers";

// The machine without ffmpeg (the adapter looks once per process, at first use, where FFMPEG_PATH
// says): the server runs, and media work fails with a reason instead of pretending.
const before = process.env.FFMPEG_PATH;
process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";

describe("without ffmpeg", () => {
  let w: VodWorld;
  beforeAll(async () => {
    w = await startVod({ samples: false });
  }, 120_000);
  afterAll(async () => {
    await w.s.close();
    if (before === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = before;
  });

  it("a new video fails at once with the reason, and audio conversion is refused with it", async () => {
    const bytes = Buffer.alloc(2048, 1);
    const { videoId, sent } = await upload(w, w.admin, w.lives[0], "第一课.mp4", bytes);
    expect(sent?.status).toBe(204);
    const done = await vod<MediaFile>(w, w.admin, mediaApi.uploadComplete, { video_id: videoId });
    expect([done.body.data.transcode_state, done.body.data.reason]).toEqual(["failed", mediaMessages.noFfmpeg]);
    expect(await w.s.db.kysely.selectFrom("jobs").select("id").execute()).toEqual([]);
    expect((await vod(w, w.admin, liveMediaApi.convertAudio, { liveid: w.lives[0] })).body.msg).toBe(mediaMessages.noFfmpeg);
  });

  it("the seed says it leaves the demo's videos out", async () => {
    const said: string[] = [];
    await seedMedia(w.s.db, w.s.dataDir, (line) => said.push(line));
    expect(said).toEqual(["ffmpeg not found: the demo's replays and recorded course get no video files"]);
  });
});
