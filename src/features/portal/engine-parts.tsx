import { Typography } from "antd";
import { portalApi, portalMessages, type PortalClass, type PortalRoom } from "../../../resources/portal/portal";
import type { EngineRegistry, CallRowPartProps } from "../../engine/registry";
import { captchaCodeWidget } from "../auth";
import { IdentityPanel } from "./account/identity-panel";
import { MessageGroup } from "./messages/message-group";
import { portalRoleOf } from "./portal-page";
import { RoomAction } from "./rooms/room-action";
import { useRoomCountdown } from "./rooms/use-room-countdown";

/** A room's button by its status, counting down while it is not started (2 §4); the list is asked again at zero. */
function RoomEntry({ row, params, updatedAt, reload }: CallRowPartProps) {
  const room = row as PortalRoom;
  const ticks = useRoomCountdown([room], updatedAt, reload);
  return <RoomAction room={room} role={portalRoleOf(Number(params.user_type))} left={room.enterts - ticks} />;
}

/** 已上3/12讲, or 暂无直播 for a course without lives. */
function CourseProgress({ row }: CallRowPartProps) {
  const course = row as PortalClass;
  return <Typography.Text type="secondary">{course.total ? `已上${course.end}/${course.total}讲` : "暂无直播"}</Typography.Text>;
}

/** What the portal's screens lend the engine by name (resources/portal/screens.ts, account.ts). */
export const portalEngineParts: Partial<EngineRegistry> = {
  callCells: { roomEntry: RoomEntry, courseProgress: CourseProgress, messageGroup: MessageGroup },
  panels: { portalIdentity: IdentityPanel },
  widgets: { portalSmsCode: captchaCodeWidget({ call: portalApi.mobileCode, request: "portal.mobile-code", failed: portalMessages.codeFailed }) },
};
