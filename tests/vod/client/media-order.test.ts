import { describe, expect, it } from "vitest";
import type { MediaFile } from "../../../resources/vod/media-api";
import { mediaStatus, mediaMessages } from "../../../resources/vod/media-api";
import { mergeNews, renumber, sequenceOf, shelfOrder } from "../../../src/features/vod/media-binding/media-order";
import { fileProblem } from "../../../src/features/vod/media-binding/media-upload";

const file = (video_id: number, idx: number, transcode_state = "success"): MediaFile => ({
  video_id, roomid: 1, idx, filename: `v${video_id}.mp4`, transcode_state, reason: "", transcode_url: "", poster_url: "", duration: 60, size: 1000,
});

describe("the media order (3 §4)", () => {
  it("reads the status of each state", () => {
    expect([file(1, 2), file(2, -1), file(3, 0, ""), file(4, 0, "failed")].map(mediaStatus)).toEqual(["onShelf", "offShelf", "transcoding", "failed"]);
    // Transcoded but never placed is off shelf: it can be put on.
    expect(mediaStatus(file(5, 0))).toBe("offShelf");
  });

  it("orders the shelf by idx and keeps the rest as given", () => {
    const { onShelf, others } = shelfOrder([file(1, 3), file(2, -1), file(3, 1), file(4, 0, ""), file(5, 2)]);
    expect(onShelf.map((f) => f.video_id)).toEqual([3, 5, 1]);
    expect(others.map((f) => f.video_id)).toEqual([2, 4]);
  });

  it("numbers the shelf 1…n and sends every transcoded video, off shelf as -1", () => {
    const placed = renumber([file(5, 2), file(3, 1)], [file(1, 3), file(4, 0, ""), file(6, 0)]);
    expect(sequenceOf(placed)).toEqual([
      { video_id: 5, idx: 1 },
      { video_id: 3, idx: 2 },
      { video_id: 1, idx: -1 },
      { video_id: 6, idx: -1 },
    ]);
  });

  it("keeps an edit's order while taking transcoding news, new uploads and deletions", () => {
    const draft = [file(1, 2), file(2, 1), file(3, 0, ""), file(4, -1)];
    const fresh = [file(1, 1), file(2, 2), file(3, 0), file(5, 0, "")];
    const merged = mergeNews(draft, fresh);
    expect(merged.map((f) => [f.video_id, f.idx, f.transcode_state])).toEqual([
      [1, 2, "success"],
      [2, 1, "success"],
      [3, 0, "success"],
      [5, 0, ""],
    ]);
  });
});

describe("a file chosen for upload (3 §9)", () => {
  it("is refused outside the five types, empty, or with control characters in its name", () => {
    expect(fileProblem({ name: "课.MP4", size: 10 })).toBeNull();
    for (const name of ["a.mov", "a.txt", "noext"]) expect(fileProblem({ name, size: 10 })).toBe(mediaMessages.badType);
    expect(fileProblem({ name: "a.mp4", size: 0 })).toBe(mediaMessages.emptyFile);
    expect(fileProblem({ name: "a\u0007b.mp4", size: 10 })).toBe(mediaMessages.badName);
  });
});
