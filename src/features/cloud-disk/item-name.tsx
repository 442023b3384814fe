import {
  AudioOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from "../../components/icons";
import { Button, Tag } from "antd";
import type { ReactNode } from "react";
import { fileStateOf, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { palette } from "../../lib/theme";

const icons: Record<string, ReactNode> = {
  jpg: <FileImageOutlined />,
  jpeg: <FileImageOutlined />,
  png: <FileImageOutlined />,
  pdf: <FilePdfOutlined />,
  doc: <FileWordOutlined />,
  docx: <FileWordOutlined />,
  ppt: <FilePptOutlined />,
  pptx: <FilePptOutlined />,
  mp3: <AudioOutlined />,
  mp4: <VideoCameraOutlined />,
};

/** The search key marked wherever it occurs in a name (search results are marked, 2 §2). */
function Marked({ text, mark }: { text: string; mark: string }) {
  if (!mark) return <>{text}</>;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  const key = mark.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(key); found >= 0; found = lower.indexOf(key, at)) {
    parts.push(text.slice(at, found), <mark key={found}>{text.slice(found, found + key.length)}</mark>);
    at = found + key.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

// Tag colours of our palette: antd's blue and red tags fall under 4.5:1 on their tint.
const stateTags = {
  converting: { text: "转换中", style: { color: palette.primary, background: "#eef4fd", borderColor: "#b9d0f6" } },
  failed: { text: "转换失败", style: { color: palette.error, background: "#fff1f0", borderColor: "#ffccc7" } },
};

/** A row's name: its kind's icon, the name as a button (a folder opens, a file previews), the state of an unconverted file (2 §4). */
export function ItemName({ item, mark, onOpen }: { item: CloudItem; mark: string; onOpen: (item: CloudItem) => void }) {
  const state = fileStateOf(item, Date.now());
  const tag = state === "ready" ? null : stateTags[state];
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <span aria-hidden style={{ color: item.file_type === 0 ? "#d4a106" : palette.mutedText, fontSize: 18 }}>
        {item.file_type === 0 ? <FolderFilled /> : (icons[item.ext_name] ?? <FileOutlined />)}
      </span>
      <Button type="link" style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }} onClick={() => onOpen(item)}>
        {/* One child: antd's button spaces its children apart. */}
        <span>
          <Marked text={item.name} mark={item.bySearch ? mark : ""} />
        </span>
      </Button>
      {tag && (
        <Tag bordered style={tag.style}>
          {tag.text}
        </Tag>
      )}
    </span>
  );
}
