import { execFileSync } from "node:child_process";

/**
 * Where ffmpeg and ffprobe are (Debian's `ffmpeg`; FFMPEG_PATH/FFPROBE_PATH override), or null
 * when the machine has none: the server says so at start, and media work then fails with a
 * reason rather than pretending (issue 18).
 */
export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
  version: string;
}

let found: FfmpegTools | null | undefined;

export function ffmpegTools(): FfmpegTools | null {
  if (found !== undefined) return found;
  const ffmpeg = process.env.FFMPEG_PATH || "ffmpeg";
  const ffprobe = process.env.FFPROBE_PATH || "ffprobe";
  try {
    const out = execFileSync(ffmpeg, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 10_000 });
    execFileSync(ffprobe, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 10_000 });
    found = { ffmpeg, ffprobe, version: /ffmpeg version (\S+)/.exec(out)?.[1] ?? "unknown" };
  } catch {
    found = null;
  }
  return found;
}
