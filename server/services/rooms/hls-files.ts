import fs from "node:fs";
import { PLAYLIST } from "./broadcast";

/** What the HLS route sends: the bytes of one file and its type. */
export interface HlsFile {
  bytes: Buffer;
  type: string;
}

export interface HlsFilesOptions {
  /** Where the address's file is on disk, or null (broadcast.ts `fileOf`: wrong folder, unknown name). */
  locate: (liveId: number, folder: string, file: string) => Promise<{ path: string; type: string } | null>;
  /** Bytes of segments kept in memory, the least recently sent dropped first. */
  maxSegmentBytes?: number;
  /** How long a playlist's bytes are sent again before it is read anew. */
  playlistMs?: number;
  now?: () => number;
}

const SEGMENT = /\.ts$/;

/**
 * The large class's HLS files as the route sends them (issue 18: a thousand viewers on one
 * process). Each viewer asks for the playlist and then the newest segment every couple of seconds,
 * so the same few files are asked for hundreds of times a second: read from disk and streamed each
 * time, a segment cost a file open, a stat and a dozen 64 KB reads. A segment never changes once
 * ffmpeg has named it in the playlist, so its bytes are kept (up to a budget); a playlist is read
 * again at most every `playlistMs`, which a viewer a few seconds behind the teacher does not notice,
 * as a CDN's micro-cache would. Several requests for a file not yet read share one read.
 */
export class HlsFiles {
  private readonly segments = new Map<string, HlsFile>();
  private segmentBytes = 0;
  private readonly playlists = new Map<string, { file: HlsFile; at: number }>();
  private readonly reading = new Map<string, Promise<HlsFile | null>>();
  private readonly maxSegmentBytes: number;
  private readonly playlistMs: number;
  private readonly now: () => number;

  constructor(private readonly options: HlsFilesOptions) {
    this.maxSegmentBytes = options.maxSegmentBytes ?? 96 * 1024 * 1024;
    this.playlistMs = options.playlistMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** The file the address names, or null when there is none (or it is no longer there). */
  async get(liveId: number, folder: string, file: string): Promise<HlsFile | null> {
    const key = `${liveId}/${folder}/${file}`;
    if (SEGMENT.test(file)) {
      const kept = this.segments.get(key);
      if (kept) {
        // Map order is insertion order: taken out and put back, it becomes the most recent.
        this.segments.delete(key);
        this.segments.set(key, kept);
        return kept;
      }
    } else {
      const kept = this.playlists.get(key);
      if (kept && this.now() - kept.at < this.playlistMs) return kept.file;
    }
    const pending = this.reading.get(key);
    if (pending) return pending;
    const read = this.read(key, liveId, folder, file).finally(() => this.reading.delete(key));
    this.reading.set(key, read);
    return read;
  }

  private async read(key: string, liveId: number, folder: string, file: string): Promise<HlsFile | null> {
    const found = await this.options.locate(liveId, folder, file);
    // Read whole: ffmpeg replaces the playlist by renaming, so the bytes are one version of it.
    const bytes = found ? await fs.promises.readFile(found.path).catch(() => null) : null;
    if (!found || !bytes) {
      this.playlists.delete(key);
      return null;
    }
    const got = { bytes, type: found.type };
    if (!SEGMENT.test(file)) this.playlists.set(key, { file: got, at: this.now() });
    else if (bytes.length <= this.maxSegmentBytes / 8 && this.listed(liveId, folder, file)) {
      this.segments.set(key, got);
      this.segmentBytes += bytes.length;
      for (const [old, kept] of this.segments) {
        if (this.segmentBytes <= this.maxSegmentBytes) break;
        this.segments.delete(old);
        this.segmentBytes -= kept.bytes.length;
      }
    }
    return got;
  }

  /**
   * Whether the playlist last read names the segment: only then is it whole (ffmpeg names a segment
   * once it has closed it), so one asked for early, by a guessed name, is sent but not kept.
   */
  private listed(liveId: number, folder: string, file: string): boolean {
    const playlist = this.playlists.get(`${liveId}/${folder}/${PLAYLIST}`);
    return !!playlist && playlist.file.bytes.includes(`\n${file}\n`);
  }
}
