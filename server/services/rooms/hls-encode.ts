import { broadcastSettings } from "../../../resources/rooms/room-api";

/**
 * How a live publication is encoded for HLS, whatever its source: H.264 at the rate a class's 720p
 * needs (a capped VBR, so a busy screen does not flood a thousand viewers' downloads: uncapped,
 * veryfast/zerolatency made ~4 Mbit/s of a moving test picture, ~1 MB a segment), a key frame at every
 * segment boundary, AAC stereo. broadcast.ts runs it; bench-media makes its segments with it.
 */
export function liveEncodeArgs(): string[] {
  const { segmentSeconds, videoKbps } = broadcastSettings;
  return [
    // Even dimensions for yuv420p (a shared window can be any size).
    ...["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"],
    ...["-b:v", `${videoKbps}k`, "-maxrate", `${Math.round(videoKbps * 1.2)}k`, "-bufsize", `${videoKbps * 2}k`],
    ...["-force_key_frames", `expr:gte(t,n_forced*${segmentSeconds})`],
    ...["-c:a", "aac", "-ar", "44100", "-ac", "2", "-b:a", "96k"],
  ];
}
