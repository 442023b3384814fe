import { Button, Popconfirm, Space } from "antd";
import { useEffect, useRef, useState } from "react";
import type HlsType from "hls.js";
import { hostBase } from "../../../../providers/hosts";
import { liveStateLabels } from "../../../../resources/lives/live-labels";
import { roomMessages } from "../../../../resources/rooms/room-api";
import type { RoomBroadcast } from "../../../../resources/rooms/room-protocol";
import { palette } from "../../../lib/theme";
import { useFootmarkCapture } from "./footmark-capture";
import { usePublisher, type PublishPhase } from "./publisher";
import type { RoomSocket } from "./use-room-socket";

const stageStyle = { position: "relative", background: "#111827", color: "#fff", borderRadius: 8, overflow: "hidden", aspectRatio: "16 / 9", width: "100%" } as const;
const overlayStyle = { position: "absolute", inset: 0, display: "grid", placeItems: "center", padding: 16, textAlign: "center" } as const;
/** After a player error, the next try this much later: the stream may be back by then. */
const RETRY_MS = 2000;

const phaseText: Record<PublishPhase, string> = {
  idle: "开启摄像头或共享屏幕后开始直播",
  connecting: "正在连接直播服务器…",
  live: liveStateLabels["1"],
  reconnecting: "连接中断，正在重连…",
  ending: "正在结束直播并生成回放…",
  ended: "直播已结束",
};

/** The teacher of a large class (or the assistant holding the floor): its camera or screen, published to the server, and the teacher's 结束直播. */
export function PublisherStage({ socket }: { socket: RoomSocket }) {
  const { stream, phase, error, notice, start, stop, end } = usePublisher(socket.currentToken);
  const preview = useRef<HTMLVideoElement>(null);
  const ended = phase === "ended" || socket.state.live?.broadcast.state === "ended";
  // The time machine's frames: the teacher's own picture while it is on air.
  useFootmarkCapture(phase === "live" && socket.state.me?.role === "teacher" ? stream : null, socket.currentToken);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);
  return (
    <div>
      <div style={stageStyle}>
        <video ref={preview} aria-label="我的画面" autoPlay playsInline muted style={{ width: "100%", height: "100%", objectFit: "contain", display: stream ? "block" : "none" }} />
        {!stream && <div style={overlayStyle}>{ended ? notice || roomMessages.broadcastEnded : phaseText[phase]}</div>}
      </div>
      <Space wrap style={{ marginTop: 8 }}>
        <span role="status" aria-label="推流状态">
          {ended ? "直播已结束" : phaseText[phase]}
        </span>
        {!ended && (
          <>
            <Button type="primary" onClick={() => void start("camera")} disabled={phase === "ending"}>
              开启摄像头
            </Button>
            <Button onClick={() => void start("screen")} disabled={phase === "ending"}>
              共享屏幕
            </Button>
            <Button onClick={stop} disabled={!stream || phase === "ending"}>
              暂停推流
            </Button>
            {socket.state.me?.role === "teacher" && (
              <Popconfirm title="确定结束直播吗？结束后将生成回放，不能再继续推流" okText="结束直播" cancelText="取消" onConfirm={end}>
                <Button danger disabled={phase === "ending"}>
                  结束直播
                </Button>
              </Popconfirm>
            )}
          </>
        )}
        {error && (
          <span role="alert" style={{ color: palette.error }}>
            {error}
          </span>
        )}
      </Space>
    </div>
  );
}

/**
 * A viewer of a large class: the teacher's publication by HLS (hls.js; Safari plays HLS itself),
 * opened with the room token. Waiting and ended are said in words; after an error (the teacher
 * dropped, a segment not there yet) the player tries again while the live is on.
 */
export function HlsStage({ broadcast, currentToken }: { broadcast: RoomBroadcast; currentToken: () => string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [muted, setMuted] = useState(true);
  const playable = broadcast.playlist !== "" && broadcast.state !== "ended";
  const on = broadcast.state === "live";

  useEffect(() => {
    const element = video.current;
    if (!element || !playable || !on) return;
    const url = hostBase("liveClass") + broadcast.playlist;
    const withToken = (address: string) => `${address.split("?")[0]}?token=${encodeURIComponent(currentToken())}`;
    let hls: HlsType | null = null;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(retry);
      retry = setTimeout(() => !cancelled && setAttempt((n) => n + 1), RETRY_MS);
    };
    void import("hls.js").then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        // Safari: its own HLS; the token rides in the address of the playlist (segments are relative, so they lose it: Safari sends cookies only).
        element.src = withToken(url);
        void element.play().catch(() => undefined);
        return;
      }
      hls = new Hls({
        // Every playlist and segment request carries the room token (the server refuses them without).
        xhrSetup: (xhr, address) => xhr.open("GET", withToken(address), true),
        liveSyncDurationCount: 3,
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        hls?.destroy();
        hls = null;
        again();
      });
      hls.loadSource(url);
      hls.attachMedia(element);
      hls.on(Hls.Events.MANIFEST_PARSED, () => void element.play().catch(() => undefined));
    });
    return () => {
      cancelled = true;
      clearTimeout(retry);
      hls?.destroy();
    };
  }, [broadcast.playlist, playable, on, attempt, currentToken]);

  const text = broadcast.state === "ended" ? roomMessages.broadcastEnded : !on ? (broadcast.playlist ? roomMessages.broadcastPaused : roomMessages.broadcastWaiting) : "";
  return (
    <div>
      <div style={stageStyle}>
        <video
          ref={video}
          aria-label="老师画面"
          autoPlay
          playsInline
          muted={muted}
          controls={on}
          style={{ width: "100%", height: "100%", objectFit: "contain", display: on ? "block" : "none" }}
        />
        {text && (
          <div role="status" style={overlayStyle}>
            {text}
          </div>
        )}
      </div>
      {on && muted && (
        // Browsers start a page's video only without sound; the viewer turns it on.
        <Button style={{ marginTop: 8 }} onClick={() => setMuted(false)}>
          打开声音
        </Button>
      )}
    </div>
  );
}
