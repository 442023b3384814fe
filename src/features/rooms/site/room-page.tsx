import { Alert, Result, Tabs, Typography } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { roomMessages } from "../../../../resources/rooms/room-api";
import { PageLoading } from "../../../components/page-loading";
import { HlsStage, PublisherStage } from "./broadcast-stage";
import { FloorControl } from "./floor-control";
import { roomApi, type RoomChapter } from "../../../../resources/rooms/room-api";
import { ChapterMarker } from "./chapter-marker";
import { ChatPanel } from "./chat-panel";
import { CoursewarePanel } from "./courseware-panel";
import { PresencePanel } from "./presence-panel";
import { PinnedCard, ShelfPanel, useRoomShelf } from "./shelf-panel";
import { RoomHeader } from "./room-header";
import { useRoomCall } from "./use-room-call";
import "./room-side-tabs.css";
import { useRoomSocket, type RoomSocket } from "./use-room-socket";
import { PlaybackStage, StreamStage, TeacherStage, ViewerStage } from "./video-stage";

/**
 * The built-in live room (issue 11 item 2): what a room route frames by default, and where a share
 * link's viewer lands. The token in its address says which live and who; the page shows the live,
 * its teachers, who is here and the chat, and the video of its kind. `h5` lays it out for a phone.
 */
export function RoomPage({ h5 }: { h5: boolean }) {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  if (!token) return <Result status="warning" title={roomMessages.tokenInvalid} />;
  return <Room token={token} h5={h5} />;
}

function Room({ token, h5 }: { token: string; h5: boolean }) {
  const socket = useRoomSocket(token, h5);
  const { state } = socket;
  const shelf = useRoomShelf(socket.currentToken, state.shelfSerial, state.pin);
  const teacher = state.me?.role === "teacher";
  if (state.phase === "refused") return <Result status="warning" title={state.refusal} />;
  if (!state.live) return <PageLoading fullScreen />;
  const playback = state.playType === 2;
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "100vh", background: "#f5f7fb" }}>
      <RoomHeader live={state.live} me={state.me} playback={playback} />
      {state.phase === "reconnecting" && <Alert type="warning" banner message={roomMessages.reconnecting} />}
      <main
        style={{
          flex: 1,
          minHeight: 0,
          display: "grid",
          gridTemplateColumns: h5 || playback ? "1fr" : "minmax(0, 1fr) 320px",
          gridAutoRows: h5 ? "auto" : undefined,
          overflowY: h5 ? "auto" : undefined,
        }}
      >
        <section aria-label="直播画面" style={{ padding: 16, minWidth: 0, overflowY: h5 ? undefined : "auto" }}>
          <Stage socket={socket} />
          {!playback && <PinnedCard shelf={shelf} teacher={teacher} currentToken={socket.currentToken} />}
          {playback && (
            <section aria-labelledby="room-docs" style={{ marginTop: 16, padding: 12, background: "#fff", borderRadius: 8 }}>
              <Typography.Title id="room-docs" level={2} style={{ fontSize: 15, margin: "0 0 8px" }}>
                课件
              </Typography.Title>
              <CoursewarePanel currentToken={socket.currentToken} />
            </section>
          )}
        </section>
        {!playback && (
          <aside aria-label="互动" style={{ display: "flex", flexDirection: "column", minHeight: h5 ? 420 : 0, background: "#fff", borderLeft: h5 ? undefined : "1px solid #e5e7eb" }}>
            {/* Both panes stay mounted: the chat keeps arriving while the courseware is shown. */}
            <Tabs
              className="room-side-tabs"
              style={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}
              tabBarStyle={{ margin: "0 12px" }}
              items={[
                {
                  key: "chat",
                  label: "聊天",
                  children: (
                    <div style={{ display: "flex", flexDirection: "column", height: "100%" }}>
                      <PresencePanel present={state.present} people={state.people} />
                      <ChatPanel chat={state.chat} me={state.me} onSend={socket.chat} notice={state.notice} onNotice={socket.notice} disabled={state.phase !== "open"} />
                    </div>
                  ),
                },
                {
                  key: "shelf",
                  label: "商品",
                  children: (
                    <div style={{ padding: 12, overflowY: "auto", height: "100%" }}>
                      <ShelfPanel shelf={shelf} teacher={teacher} currentToken={socket.currentToken} />
                    </div>
                  ),
                },
                {
                  key: "docs",
                  label: "课件",
                  children: (
                    <div style={{ padding: 12, overflowY: "auto", height: "100%" }}>
                      <CoursewarePanel currentToken={socket.currentToken} />
                    </div>
                  ),
                },
              ]}
            />
          </aside>
        )}
      </main>
    </div>
  );
}

function Stage({ socket }: { socket: RoomSocket }) {
  const { live, me, playType, recordings } = socket.state;
  if (!live) return null;
  if (playType === 2) return <Playback recordings={recordings} currentToken={socket.currentToken} />;
  if (!live.smallClass) {
    // The teacher publishes from here (issue 18), and marks chapters of the replay; viewers play it,
    // unless the live uses an outside stream (LIVE_STREAM_URL) and nobody has published here.
    if (me?.role === "teacher")
      return (
        <>
          <PublisherStage socket={socket} />
          <FloorControl present={socket.state.present} broadcast={live.broadcast} currentToken={socket.currentToken} />
          <ChapterMarker currentToken={socket.currentToken} ended={live.broadcast.state === "ended"} />
        </>
      );
    const viewing = live.streamUrl && !live.broadcast.playlist ? <StreamStage state={live.state} streamUrl={live.streamUrl} /> : <HlsStage broadcast={live.broadcast} currentToken={socket.currentToken} />;
    return me?.role === "assistant" ? <AssistantStage socket={socket} viewing={viewing} /> : viewing;
  }
  return me?.role === "teacher" ? <TeacherStage socket={socket} /> : <ViewerStage socket={socket} />;
}

/**
 * An assistant of a large class: given the floor by the teacher it publishes in the teacher's place;
 * otherwise it watches as the viewers do, told so when the teacher has just taken the floor back.
 */
function AssistantStage({ socket, viewing }: { socket: RoomSocket; viewing: ReactNode }) {
  const holds = !!socket.state.me && socket.state.live?.broadcast.floor?.key === socket.state.me.key;
  const held = useRef(holds);
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    if (held.current !== holds) setTaken(held.current && !holds);
    held.current = holds;
  }, [holds]);
  if (holds) return <PublisherStage socket={socket} />;
  return (
    <>
      {taken && <Alert type="info" showIcon message={roomMessages.floorTaken} style={{ marginBottom: 8 }} />}
      {viewing}
    </>
  );
}

/** The playback room's player with the live's chapters (none while they load or when they cannot be read: the replay plays all the same). */
function Playback({ recordings, currentToken }: { recordings: RoomSocket["state"]["recordings"]; currentToken: () => string }) {
  const { state } = useRoomCall<RoomChapter[]>(roomApi.chapters, currentToken);
  return <PlaybackStage recordings={recordings} chapters={state.status === "ready" ? state.data : []} />;
}
