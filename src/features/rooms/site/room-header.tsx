import { Space, Tag, Typography } from "antd";
import type { PresenceEntry, RoomLive } from "../../../../resources/rooms/room-protocol";
import { palette } from "../../../lib/theme";
import { roleLabels, stateLabels, stateTones } from "./room-labels";

/** The live's title, state, time and teachers, and who this page is (2 §2 live rooms). */
export function RoomHeader({ live, me, playback }: { live: RoomLive; me: PresenceEntry | null; playback: boolean }) {
  return (
    <header style={{ padding: "12px 16px", background: "#fff", borderBottom: "1px solid #e5e7eb" }}>
      <Space wrap size={[12, 4]} align="center">
        <Typography.Title level={1} style={{ fontSize: 18, margin: 0 }}>
          {live.title}
        </Typography.Title>
        <Tag style={stateTones[live.state]}>{playback ? "回放" : stateLabels[live.state]}</Tag>
        <span style={{ color: palette.mutedText }}>
          {live.begintime} 至 {live.endtime}
        </span>
        {live.teachers.length > 0 && <span>主讲：{live.teachers.join("、")}</span>}
        {me && (
          <span style={{ color: palette.mutedText }}>
            我：{me.name}（{roleLabels[me.role]}）
          </span>
        )}
      </Space>
    </header>
  );
}
