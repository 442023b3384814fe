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

/** By the paths asked, so a process looks once per pair (tests run beside each other with and without). */
const found = new Map<string, FfmpegTools | null>();

export function ffmpegTools(): FfmpegTools | null {
  const ffmpeg = process.env.FFMPEG_PATH || "ffmpeg";
  const ffprobe = process.env.FFPROBE_PATH || "ffprobe";
  const key = `${ffmpeg}\n${ffprobe}`;
  if (found.has(key)) return found.get(key)!;
  let tools: FfmpegTools | null;
  try {
    const out = execFileSync(ffmpeg, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 10_000 });
    execFileSync(ffprobe, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 10_000 });
    tools = { ffmpeg, ffprobe, version: /ffmpeg version (\S+)/.exec(out)?.[1] ?? "unknown" };
  } catch {
    tools = null;
  }
  found.set(key, tools);
  return tools;
}
