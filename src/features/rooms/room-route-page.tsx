import { Button, Result } from "antd";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { getHosts } from "../../../providers/hosts";
import { sessionStore } from "../../../providers/session-store";
import { isMobileAgent, roomProxyParams, roomSiteAddress, type RoomUserType } from "../../../resources/rooms/room-api";
import { roomRoutes, roomUserType } from "../../../resources/rooms/rooms";
import { PageLoading } from "../../components/page-loading";
import { useRoomToken } from "./use-room-token";

/** The user_type each room route asks its token with (2 §6); the playback room asks as the identity is. */
const routeUserType: Record<string, RoomUserType | "identity"> = {
  [roomRoutes.student]: 0,
  [roomRoutes.studentMini]: 0,
  [roomRoutes.assistant]: 2,
  [roomRoutes.assistantMini]: 2,
  [roomRoutes.teacher]: 1,
  [roomRoutes.playback]: "identity",
};

const studentRoutes: string[] = [roomRoutes.student, roomRoutes.studentMini];

/** The playback room's user_type: the signed-in identity's (admins enter as type 2). */
function useIdentityUserType(wanted: boolean): RoomUserType | null {
  const [type, setType] = useState<RoomUserType | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void sessionStore.check().then(({ type: identity }) => live && setType(identity ? roomUserType[identity] : 0));
    return () => {
      live = false;
    };
  }, [wanted]);
  return type;
}

/**
 * A live room route (/stuLiveRoom?mid&gid …; 2 §2 "Live rooms"): asks the room token with the
 * route's user_type, then frames the live-room site full-screen with the token and the display
 * name in its address; student rooms pass roomproxy, chatproxy and wbproxy on; a phone or tablet
 * gets the h5 variant.
 */
export function RoomRoutePage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const liveId = Number(search.get("mid"));
  const groupId = Number(search.get("gid"));
  const kind = routeUserType[pathname] ?? 0;
  const identityType = useIdentityUserType(kind === "identity");
  const valid = Number.isInteger(liveId) && liveId > 0 && Number.isInteger(groupId) && groupId > 0;
  const userType = !valid ? null : kind === "identity" ? identityType : kind;
  const token = useRoomToken(liveId, groupId, userType, pathname === roomRoutes.playback);

  if (!valid) return <Result status="warning" title="直播间地址不完整" subTitle="请从课程列表重新进入直播间" />;
  if (token.status === "refused")
    return <Result status="warning" title={token.msg} extra={<Button onClick={() => window.close()}>关闭</Button>} />;
  if (token.status === "loading") return <PageLoading fullScreen />;
  const proxies = studentRoutes.includes(pathname) ? Object.fromEntries(roomProxyParams.map((p) => [p, search.get(p) ?? ""])) : {};
  const base = new URL(getHosts().liveRoomUrl, window.location.href).href;
  const src = roomSiteAddress({ base, route: pathname, token: token.token, nickname: token.nickname, h5: isMobileAgent(navigator.userAgent), proxies });
  return (
    <iframe
      title="直播间"
      src={src}
      allow="camera; microphone; display-capture; autoplay; fullscreen"
      style={{ position: "fixed", inset: 0, width: "100vw", height: "100vh", border: 0, background: "#fff" }}
    />
  );
}

