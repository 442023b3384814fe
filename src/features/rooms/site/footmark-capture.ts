import { useEffect } from "react";
import { upload } from "../../../../providers/http";
import { timeMachineApi, timeMachineSettings } from "../../../../resources/time-machine/time-machine";

/** While the picture has no frame yet (a camera warming up), it is looked at again this often. */
const NOT_READY_MS = 1000;

/** A JPEG of the video's present picture, at most `captureWidth` wide; null while it has none. */
function snapshot(video: HTMLVideoElement): Promise<Blob | null> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return Promise.resolve(null);
  const scale = Math.min(1, timeMachineSettings.captureWidth / video.videoWidth);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", timeMachineSettings.quality));
}

/**
 * The teacher's frames for the time machine (issue 20 item 5): while `stream` is the teacher's live
 * picture, a JPEG of it goes to the server as soon as it shows something, then again when the server's
 * answer says (a minute by default). The stream is watched by a video element of its own, so no
 * stage's layout matters. A frame the server refuses or that cannot leave is let go: the next one
 * follows, and the teacher's class is no place for the time machine's troubles.
 */
export function useFootmarkCapture(stream: MediaStream | null, currentToken: () => string): void {
  useEffect(() => {
    if (!stream) return;
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    // A muted video may play without a gesture; one that will not just leaves the frames waiting.
    void Promise.resolve()
      .then(() => video.play())
      .catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number) => {
      if (!stopped) timer = setTimeout(() => void shoot(), ms);
    };
    const shoot = async () => {
      const frame = await snapshot(video);
      if (stopped) return;
      if (!frame) return later(NOT_READY_MS);
      let next: number = timeMachineSettings.periodMs;
      try {
        const answer = await upload<{ ts: number; next_ms: number }>(timeMachineApi.capture, new File([frame], "frame.jpg", { type: "image/jpeg" }), { query: { token: currentToken() } });
        if (answer.next_ms > 0) next = answer.next_ms;
      } catch {
        // Refused or lost: the next frame comes at the usual time.
      }
      later(next);
    };
    later(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      video.srcObject = null;
    };
  }, [stream, currentToken]);
}
