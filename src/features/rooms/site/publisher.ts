import { useCallback, useEffect, useRef, useState } from "react";
import { hostBase } from "../../../../providers/hosts";
import { broadcastSettings, broadcastSocketPath } from "../../../../resources/rooms/room-api";
import type { PublishClientMessage, PublishServerMessage } from "../../../../resources/rooms/room-protocol";
import type { Source } from "./webrtc";

/** The recorder's formats, best first: H.264 spares the server little (it re-encodes), VP8 is everywhere. */
const mimeTypes = ["video/webm;codecs=h264,opus", "video/webm;codecs=vp8,opus", "video/webm"];
const mimeType = () => mimeTypes.find((t) => typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(t)) ?? "";

const publishUrl = () => hostBase("liveClass").replace(/^http/, "ws") + broadcastSocketPath;

export type PublishPhase = "idle" | "connecting" | "live" | "reconnecting" | "ending" | "ended";

/**
 * The teacher's publication of a large class (issue 18): the camera or screen, recorded by
 * MediaRecorder in one-second webm chunks sent over the publish WebSocket, which the server turns
 * into HLS. A dropped connection reconnects with the freshest room token and a new recorder (the
 * server continues the same live); a refusal or 结束直播 stops it.
 */
export function usePublisher(currentToken: () => string) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<PublishPhase>("idle");
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const streamRef = useRef<MediaStream | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const stopped = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopRecorder = () => {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  };

  const connect = useCallback(
    (delay = 1000) => {
      const ws = new WebSocket(publishUrl());
      ws.binaryType = "arraybuffer";
      socketRef.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ t: "hello", token: currentToken() } satisfies PublishClientMessage));
      ws.onmessage = (event) => {
        let m: PublishServerMessage;
        try {
          m = JSON.parse(String(event.data)) as PublishServerMessage;
        } catch {
          return;
        }
        if (m.t === "ready") {
          const media = streamRef.current;
          if (!media) return;
          // A new recorder for each connection: its first chunk carries the webm header ffmpeg needs.
          const type = mimeType();
          const recorder = new MediaRecorder(media, type ? { mimeType: type } : undefined);
          recorderRef.current = recorder;
          recorder.ondataavailable = (e) => {
            if (e.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(e.data);
          };
          recorder.start(broadcastSettings.timesliceMs);
          delay = 1000;
          setPhase("live");
          setError("");
        } else if (m.t === "ended") {
          stopped.current = true;
          setPhase("ended");
          setNotice(m.msg ?? "直播已结束，回放已生成");
        } else if (m.t === "error") {
          setError(m.msg);
          if (m.fatal) stopped.current = true;
        }
      };
      ws.onclose = () => {
        if (socketRef.current === ws) socketRef.current = null;
        stopRecorder();
        if (stopped.current) {
          setPhase((p) => (p === "ended" ? p : "idle"));
          return;
        }
        setPhase("reconnecting");
        timer.current = setTimeout(() => connect(Math.min(delay * 2, 10_000)), delay);
      };
    },
    [currentToken],
  );

  const releaseMedia = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setStream(null);
  };

  const start = useCallback(
    async (source: Source) => {
      setError("");
      let media: MediaStream;
      try {
        media = source === "camera" ? await navigator.mediaDevices.getUserMedia({ video: true, audio: true }) : await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
      } catch {
        setError(source === "camera" ? "无法打开摄像头，请检查浏览器的摄像头和麦克风权限" : "未能共享屏幕");
        return;
      }
      if (typeof MediaRecorder === "undefined") {
        media.getTracks().forEach((t) => t.stop());
        setError("当前浏览器不支持网页推流，请使用新版 Chrome、Edge 或 Firefox");
        return;
      }
      // Switching source: the old connection ends (its run stops on the server), a new one starts.
      stopped.current = true;
      clearTimeout(timer.current);
      socketRef.current?.close();
      stopRecorder();
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = media;
      setStream(media);
      // Stopping a screen share from the browser's own bar ends the publication like 停止.
      media.getVideoTracks()[0]?.addEventListener("ended", () => {
        if (streamRef.current !== media) return;
        stopped.current = true;
        socketRef.current?.close();
        releaseMedia();
      });
      stopped.current = false;
      setPhase("connecting");
      connect();
    },
    [connect],
  );

  /** Stops sending; the live waits for the teacher (the room says so) until 结束直播 or its end time. */
  const stop = useCallback(() => {
    stopped.current = true;
    clearTimeout(timer.current);
    socketRef.current?.close();
    stopRecorder();
    releaseMedia();
    setPhase("idle");
  }, []);

  /** 结束直播: the server ends the live and makes its recording; the answer comes on the publish socket. */
  const end = useCallback(() => {
    const ws = socketRef.current;
    if (ws && ws.readyState === WebSocket.OPEN) {
      setPhase("ending");
      stopped.current = true;
      const sendEnd = () => ws.send(JSON.stringify({ t: "end" } satisfies PublishClientMessage));
      const recorder = recorderRef.current;
      recorderRef.current = null;
      // The recorder's last chunk goes first: it is handed over just before its "stop" event.
      if (recorder && recorder.state !== "inactive") {
        recorder.addEventListener("stop", sendEnd, { once: true });
        recorder.stop();
      } else sendEnd();
      return;
    }
    // Not connected now: a connection just to end it.
    stopped.current = true;
    setPhase("ending");
    const once = new WebSocket(publishUrl());
    socketRef.current = once;
    once.onopen = () => once.send(JSON.stringify({ t: "hello", token: currentToken() } satisfies PublishClientMessage));
    once.onmessage = (event) => {
      const m = JSON.parse(String(event.data)) as PublishServerMessage;
      if (m.t === "ready") once.send(JSON.stringify({ t: "end" } satisfies PublishClientMessage));
      else if (m.t === "ended") {
        setPhase("ended");
        setNotice(m.msg ?? "直播已结束，回放已生成");
      } else if (m.t === "error") {
        setError(m.msg);
        setPhase("idle");
      }
    };
  }, [currentToken]);

  useEffect(
    () => () => {
      stopped.current = true;
      clearTimeout(timer.current);
      socketRef.current?.close();
      stopRecorder();
      streamRef.current?.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  useEffect(() => {
    if (phase === "ended") releaseMedia();
  }, [phase]);

  return { stream, phase, error, notice, start, stop, end };
}
