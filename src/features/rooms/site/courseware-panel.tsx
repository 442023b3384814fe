import { Alert, Button, Empty, Spin, Typography } from "antd";
import { cloudDisk } from "../../../../resources/cloud-disk/cloud-disk";
import { roomApi, roomMessages, type RoomDoc } from "../../../../resources/rooms/room-api";
import { formatBytes } from "../../../lib/format";
import { palette } from "../../../lib/theme";
import { useRoomCall } from "./use-room-call";

/** The addresses are signed for `signedUrlSeconds`: asked again at half of it, so a click never meets an expired one. */
const REFRESH_MS = (cloudDisk.signedUrlSeconds * 1000) / 2;

/**
 * 课件 (issue 18 item 7): the live's courseware for everyone in its room, teacher and viewers alike,
 * each file with its size and 预览下载, which opens it in a new window (the browser shows a PDF or
 * saves the rest), at an address signed for the room's viewers.
 */
export function CoursewarePanel({ currentToken }: { currentToken: () => string }) {
  const { state, retry } = useRoomCall<RoomDoc[]>(roomApi.docs, currentToken, REFRESH_MS);
  if (state.status === "loading") return <Spin style={{ display: "block", padding: 24 }} />;
  if (state.status === "failed")
    return (
      <Alert
        type="error"
        showIcon
        message={`课件加载失败：${state.msg}`}
        action={
          <Button size="small" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  if (!state.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={roomMessages.noCourseware} />;
  return (
    <ul aria-label="课件列表" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {state.data.map((doc) => (
        <li key={doc.Id} style={{ display: "flex", alignItems: "center", gap: 8, padding: "8px 0", borderBottom: "1px solid #f0f0f0" }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: doc.Name }} style={{ display: "block" }}>
              {doc.Name}
            </Typography.Text>
            <span style={{ fontSize: 12, color: palette.mutedText }}>{formatBytes(doc.Size)}</span>
          </div>
          <Button type="link" size="small" href={doc.Url} target="_blank" rel="noopener noreferrer" aria-label={`预览下载 ${doc.Name}`}>
            预览下载
          </Button>
        </li>
      ))}
    </ul>
  );
}
