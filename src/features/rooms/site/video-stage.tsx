import { Alert, Button, Empty, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { roomMessages } from "../../../../resources/rooms/room-api";
import type { RoomChapter } from "../../../../resources/rooms/room-api";
import type { RoomRecording } from "../../../../resources/rooms/room-protocol";
import { palette } from "../../../lib/theme";
import { useFootmarkCapture } from "./footmark-capture";
import { clockText, stateLabels } from "./room-labels";
import type { RoomSocket } from "./use-room-socket";
import { useBroadcast, useReception } from "./webrtc";

const stageStyle = { position: "relative", background: "#111827", color: "#fff", borderRadius: 8, overflow: "hidden", aspectRatio: "16 / 9", width: "100%" } as const;

/** A <video> showing a MediaStream (a camera's, a screen's, or one arriving by WebRTC). */
function StreamVideo({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} aria-label={label} autoPlay playsInline muted={muted} style={{ width: "100%", height: "100%", objectFit: "contain", display: stream ? "block" : "none" }} />;
}

function Waiting({ text }: { text: string }) {
  return <div style={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", padding: 16, textAlign: "center" }}>{text}</div>;
}

/** The teacher of a small class: its camera or screen, sent to the room. */
export function TeacherStage({ socket }: { socket: RoomSocket }) {
  const { state } = socket;
  const { stream, error, start, stop } = useBroadcast(socket, state.present, state.me);
  // The time machine's frames: the teacher's own picture while the class sees it.
  useFootmarkCapture(state.me?.role === "teacher" ? stream : null, socket.currentToken);
  return (
    <div>
      <div style={stageStyle}>
        <StreamVideo stream={stream} label="我的画面" muted />
        {!stream && <Waiting text="开启摄像头或共享屏幕后，学生即可看到你的画面" />}
      </div>
      <Space wrap style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => void start("camera")}>
          开启摄像头
        </Button>
        <Button onClick={() => void start("screen")}>共享屏幕</Button>
        <Button onClick={stop} disabled={!stream}>
          停止
        </Button>
        {error && <span style={{ color: palette.error }}>{error}</span>}
      </Space>
    </div>
  );
}

/** A viewer of a small class: the teacher's picture when it sends one. */
export function ViewerStage({ socket }: { socket: RoomSocket }) {
  const stream = useReception(socket, socket.state.present);
  return (
    <div style={stageStyle}>
      <StreamVideo stream={stream} label="老师画面" />
      {!stream && <Waiting text="等待老师开启摄像头" />}
    </div>
  );
}

/** A large class: its state, and the external stream address when one is configured. */
export function StreamStage({ state, streamUrl }: { state: number; streamUrl: string }) {
  return (
    <div style={stageStyle}>
      <Waiting
        text={
          state === 1
            ? streamUrl
              ? "直播进行中，请通过直播流地址观看"
              : "直播进行中，本直播间暂未配置直播流地址"
            : `直播${stateLabels[state]}`
        }
      />
      {streamUrl && (
        <div style={{ position: "absolute", left: 12, right: 12, bottom: 12, wordBreak: "break-all" }}>
          直播流地址：
          <a href={streamUrl} target="_blank" rel="noreferrer" style={{ color: "#93c5fd" }}>
            {streamUrl}
          </a>
        </div>
      )}
    </div>
  );
}

/** The playback room: the live's recordings, or honestly none; its chapters, each seeking the live's recording to its place. */
export function PlaybackStage({ recordings, chapters = [] }: { recordings: RoomRecording[]; chapters?: RoomChapter[] }) {
  const [index, setIndex] = useState(0);
  // The address whose file could not be played (deleted, never stored): said in words, not a player stuck at 0:00.
  const [broken, setBroken] = useState("");
  // One ended, the next starts: a recorded session's videos are watched in their order (3 §4).
  const [goingOn, setGoingOn] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // A chapter's place (s) waiting for its recording to load (a click while another video was playing).
  const seekOnLoad = useRef<number | null>(null);
  const [at, setAt] = useState(0);
  if (!recordings.length) return <Empty description={roomMessages.noReplay} style={{ padding: "64px 0" }} />;
  const current = recordings[Math.min(index, recordings.length - 1)];
  // Chapters are places in the live's own recording, not in a recorded session's other videos.
  const liveIndex = recordings.findIndex((r) => r.live);
  const shownChapters = liveIndex >= 0 ? chapters : [];
  const playingChapter = index === liveIndex ? [...shownChapters].reverse().find((c) => c.offset_ms <= at * 1000 + 500) : undefined;

  const seek = (chapter: RoomChapter) => {
    const seconds = chapter.offset_ms / 1000;
    const element = video.current;
    if (index !== liveIndex || !element) {
      seekOnLoad.current = seconds;
      setGoingOn(true);
      setIndex(liveIndex);
      return;
    }
    if (element.readyState >= 1) element.currentTime = seconds;
    else seekOnLoad.current = seconds;
    void element.play().catch(() => undefined);
  };

  return (
    <div>
      {broken === current.url ? (
        <Alert type="error" showIcon message={roomMessages.replayMissing} style={{ aspectRatio: "16 / 9", display: "flex", alignItems: "center", justifyContent: "center" }} />
      ) : (
        <video
          ref={video}
          key={current.url}
          src={current.url}
          controls
          aria-label={current.name}
          autoPlay={goingOn}
          onError={() => setBroken(current.url)}
          onLoadedMetadata={(e) => {
            if (seekOnLoad.current === null) return;
            e.currentTarget.currentTime = seekOnLoad.current;
            seekOnLoad.current = null;
          }}
          onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
          onEnded={() => {
            if (index + 1 < recordings.length) {
              setGoingOn(true);
              setIndex(index + 1);
            }
          }}
          style={{ width: "100%", aspectRatio: "16 / 9", background: "#111827", borderRadius: 8 }}
        />
      )}
      {recordings.length > 1 && (
        <nav aria-label="回放列表" style={{ marginTop: 8 }}>
          <Space wrap>
            {recordings.map((r, i) => (
              <Button
                key={r.url}
                type={i === index ? "primary" : "default"}
                onClick={() => {
                  setGoingOn(false);
                  setIndex(i);
                }}
              >
                {r.name}
              </Button>
            ))}
          </Space>
        </nav>
      )}
      <Typography.Paragraph style={{ marginTop: 8, color: palette.mutedText }}>正在播放：{current.name}</Typography.Paragraph>
      {shownChapters.length > 0 && (
        <nav aria-label="章节">
          <Typography.Title level={2} style={{ fontSize: 15, margin: "0 0 8px" }}>
            章节
          </Typography.Title>
          <Space wrap>
            {shownChapters.map((c) => (
              <Button key={c.id} type={c === playingChapter ? "primary" : "default"} aria-current={c === playingChapter ? "true" : undefined} onClick={() => seek(c)}>
                {clockText(c.offset_ms)} {c.title}
              </Button>
            ))}
          </Space>
        </nav>
      )}
    </div>
  );
}
