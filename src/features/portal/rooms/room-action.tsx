import { Button, Space, Typography } from "antd";
import { roomAddress } from "../../../../resources/rooms/rooms";
import { roomActionLabels, roomStatus, type PortalRoleName, type PortalRoom } from "../../../../resources/portal/portal";
import { formatCountdown } from "./use-room-countdown";

/** Rooms open in a window of their own (2 §2 "Live rooms"); the room route asks for its token. */
const openRoom = (address: string) => window.open(address, "_blank", "noopener");

/** The button of a room's status (2 §2 "Portal", §4): a countdown, 进入直播, 观看回放 or 已结束. */
export function RoomAction({ room, role, left }: { room: PortalRoom; role: PortalRoleName; left: number }) {
  const label = roomActionLabels[room.status];
  if (room.status === roomStatus.live || room.status === roomStatus.replay) {
    const replay = room.status === roomStatus.replay;
    return (
      <Button type={replay ? "default" : "primary"} onClick={() => openRoom(roomAddress(role, room.live_type, room.live_id, room.group_id, replay))}>
        {label}
      </Button>
    );
  }
  if (room.status === roomStatus.notStarted)
    return (
      <Space>
        <Typography.Text type="secondary">{`${formatCountdown(left)}后可进入`}</Typography.Text>
        <Button disabled>{label}</Button>
      </Space>
    );
  return <Button disabled>{label}</Button>;
}
