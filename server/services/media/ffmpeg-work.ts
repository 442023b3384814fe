import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { mediaMessages } from "../../../resources/vod/media-api";
import type { FfmpegTools } from "../../adapters/ffmpeg";

const run = promisify(execFile);

/** A refusal of the file itself: retrying cannot help, so the video fails with this Chinese reason. */
export class BadMedia extends Error {}

interface Probe {
  video: string | null;
  audio: string | null;
  duration: number;
}

async function probe(tools: FfmpegTools, file: string): Promise<Probe> {
  let out: string;
  try {
    ({ stdout: out } = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration:stream=codec_type,codec_name", "-of", "json", file], { timeout: 60_000 }));
  } catch {
    throw new BadMedia(mediaMessages.notVideo);
  }
  const info = JSON.parse(out) as { streams?: { codec_type?: string; codec_name?: string }[]; format?: { duration?: string } };
  const streams = info.streams ?? [];
  const codec = (type: string) => streams.find((s) => s.codec_type === type)?.codec_name ?? null;
  const duration = Math.round(Number(info.format?.duration ?? 0));
  return { video: codec("video"), audio: codec("audio"), duration: Number.isFinite(duration) ? duration : 0 };
}

export interface Transcoded {
  duration: number;
  poster: boolean;
}

/**
 * Makes `output` (MP4, moov first so playback starts before the whole file has arrived) from
 * `input`: streams copied when they are already H.264 and AAC, so a good upload costs seconds,
 * else re-encoded with libx264 (veryfast: an admin waits for it) and AAC; and a JPEG poster from
 * the first second when there is a picture. A file that is empty, no media or cut short is a
 * BadMedia with the reason the admin is shown.
 */
export async function transcode(tools: FfmpegTools, input: string, output: string, poster: string): Promise<Transcoded> {
  const stat = await fs.promises.stat(input).catch(() => null);
  if (!stat || stat.size === 0) throw new BadMedia(mediaMessages.emptyFile);
  const p = await probe(tools, input);
  if (!p.video && !p.audio) throw new BadMedia(mediaMessages.notVideo);
  const copy = (!p.video || p.video === "h264") && (!p.audio || p.audio === "aac");
  const codecs = copy ? ["-c", "copy"] : [...(p.video ? ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"] : []), ...(p.audio ? ["-c:a", "aac", "-b:a", "128k"] : [])];
  try {
    // -xerror: a truncated file stops the run instead of leaving a shorter video behind.
    await run(tools.ffmpeg, ["-v", "error", "-xerror", "-y", "-i", input, "-map", "0:v:0?", "-map", "0:a:0?", ...codecs, "-movflags", "+faststart", output], { timeout: 6 * 3600_000 });
  } catch {
    await fs.promises.rm(output, { force: true });
    throw new BadMedia(mediaMessages.notVideo);
  }
  let hasPoster = false;
  if (p.video) {
    const at = Math.min(1, p.duration / 2).toFixed(2);
    hasPoster = await run(tools.ffmpeg, ["-v", "error", "-y", "-ss", at, "-i", output, "-frames:v", "1", "-vf", "scale=640:-2", poster], { timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
  }
  return { duration: p.duration, poster: hasPoster };
}

/** The audio of `input` as AAC in an M4A; answers its duration in seconds. */
export async function extractAudio(tools: FfmpegTools, input: string, output: string): Promise<number> {
  const p = await probe(tools, input);
  if (!p.audio) throw new BadMedia(mediaMessages.notVideo);
  await run(tools.ffmpeg, ["-v", "error", "-y", "-i", input, "-vn", "-map", "0:a:0", ...(p.audio === "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "96k"]), "-movflags", "+faststart", output], {
    timeout: 6 * 3600_000,
  });
  return p.duration;
}

/** A short test video (colour bars and a tone, H.264/AAC, moov first), for the demo seed and tests. */
export async function makeTestVideo(tools: FfmpegTools, output: string, seconds = 6): Promise<void> {
  await run(
    tools.ffmpeg,
    [
      "-v", "error", "-y",
      "-f", "lavfi", "-i", `testsrc=size=320x180:rate=15:duration=${seconds}`,
      "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`,
      "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-shortest", "-movflags", "+faststart", output,
    ],
    { timeout: 120_000 },
  );
}
