import { mediaStatus, type MediaFile } from "../../../../resources/vod/media-api";

/** The on-shelf videos in their order (idx 1, 2, …), then the rest in the order the server gave them. */
export function shelfOrder(files: readonly MediaFile[]): { onShelf: MediaFile[]; others: MediaFile[] } {
  const onShelf = files.filter((f) => mediaStatus(f) === "onShelf").sort((a, b) => a.idx - b.idx);
  const others = files.filter((f) => mediaStatus(f) !== "onShelf");
  return { onShelf, others };
}

/** Positions 1…n for the on-shelf list as ordered, -1 for every other transcoded video (3 §4). */
export function renumber(onShelf: readonly MediaFile[], others: readonly MediaFile[]): MediaFile[] {
  return [...onShelf.map((f, i) => ({ ...f, idx: i + 1 })), ...others.map((f) => (f.transcode_state === "success" && f.idx > 0 ? { ...f, idx: -1 } : f))];
}

/** What the save sends: every transcoded video with its position (3 §7.4 set media list). */
export const sequenceOf = (files: readonly MediaFile[]) =>
  files.filter((f) => f.transcode_state === "success").map((f) => ({ video_id: f.video_id, idx: f.idx > 0 ? f.idx : -1 }));

/**
 * The server's newer answer folded into a list being edited: the edit keeps its order and shelf
 * choices, and takes each video's transcoding news (a video done meanwhile becomes off shelf, a
 * failed one says why); a video uploaded meanwhile is added, one deleted elsewhere goes.
 */
export function mergeNews(draft: readonly MediaFile[], fresh: readonly MediaFile[]): MediaFile[] {
  const byId = new Map(fresh.map((f) => [f.video_id, f]));
  const kept = draft
    .filter((f) => byId.has(f.video_id))
    .map((f) => {
      const news = byId.get(f.video_id)!;
      return { ...news, idx: f.transcode_state === "success" ? f.idx : news.idx };
    });
  const known = new Set(draft.map((f) => f.video_id));
  return [...kept, ...fresh.filter((f) => !known.has(f.video_id))];
}

/** Whether two lists put the same videos in the same places. */
export const sameOrder = (a: readonly MediaFile[], b: readonly MediaFile[]) =>
  JSON.stringify(sequenceOf(a).sort((x, y) => x.video_id - y.video_id)) === JSON.stringify(sequenceOf(b).sort((x, y) => x.video_id - y.video_id));
