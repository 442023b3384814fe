import { Button, Empty, List, Result, Space, Tag, Typography } from "antd";
import { liveTypeLabels } from "../../../../resources/lives/live-api";
import type { PortalRoleName, PortalRoom } from "../../../../resources/portal/portal";
import type { CallState } from "../../../lib/use-call";
import { RoomAction } from "./room-action";
import { useRoomCountdown } from "./use-room-countdown";

interface RoomListProps {
  role: PortalRoleName;
  /** The call that fetched the rooms: its loading, error, time of answer and retry. */
  call: CallState<PortalRoom[]>;
  /** The rooms to show, when not every room the call answered. */
  rooms?: PortalRoom[];
  /** Rooms of several days show their date; a day's list only the times. */
  withDate?: boolean;
  empty: string;
}

const clock = (text: string) => text.slice(11, 16);

/** Rooms with the button of their status, counting down the not-started ones (2 §4). */
export function RoomList({ role, call, rooms = call.answer?.data, withDate = false, empty }: RoomListProps) {
  const { loading, error, updatedAt, retry: reload } = call;
  const ticks = useRoomCountdown(rooms, updatedAt, reload);
  if (error && !loading)
    return <Result status="warning" title="直播加载失败" subTitle={error.message} extra={<Button onClick={reload}>重试</Button>} />;
  return (
    <List
      loading={loading && !rooms}
      dataSource={rooms ?? []}
      locale={{ emptyText: <Empty description={empty} /> }}
      renderItem={(room) => (
        <List.Item key={room.live_id} actions={[<RoomAction key="action" room={room} role={role} left={room.enterts - ticks} />]}>
          <List.Item.Meta
            title={room.title}
            description={
              <Space size={[12, 4]} wrap>
                <span>{`${withDate ? room.begin_time.slice(0, 10) + " " : ""}${clock(room.begin_time)} - ${clock(room.end_time)}`}</span>
                {room.teachers.length > 0 && <span>{`主讲：${room.teachers.map((t) => t.name).join("、")}`}</span>}
                {!withDate && <Typography.Text type="secondary">{room.class_name}</Typography.Text>}
                <Tag>{liveTypeLabels[String(room.live_type)] ?? "直播"}</Tag>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
