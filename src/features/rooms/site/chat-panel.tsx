import { Button, Input, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { roomLimits, roomMessages } from "../../../../resources/rooms/room-api";
import type { PresenceEntry, RoomChat } from "../../../../resources/rooms/room-protocol";
import { palette } from "../../../lib/theme";
import { roleLabels, tones } from "./room-labels";

interface ChatPanelProps {
  chat: RoomChat[];
  me: PresenceEntry | null;
  onSend: (txt: string) => void;
  /** The server's last refusal of something sent, or a local one. */
  notice: string;
  onNotice: (text: string) => void;
  disabled: boolean;
}

/** The room's chat (2 §3 chat message): messages as they come, and a line to send one (at most 200 characters). */
export function ChatPanel({ chat, me, onSend, notice, onNotice, disabled }: ChatPanelProps) {
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [chat.length]);

  const send = () => {
    const txt = text.trim();
    if (!txt) return onNotice(roomMessages.chatEmpty);
    onSend(txt);
    setText("");
  };

  return (
    <section aria-labelledby="room-chat" style={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0, padding: 12 }}>
      <Typography.Title id="room-chat" level={2} style={{ fontSize: 15, margin: "0 0 8px" }}>
        聊天
      </Typography.Title>
      <ol ref={list} aria-label="聊天消息" aria-live="polite" style={{ listStyle: "none", margin: 0, padding: 0, flex: 1, minHeight: 120, overflowY: "auto" }}>
        {chat.length === 0 && <li style={{ color: palette.mutedText }}>还没有人发言</li>}
        {chat.map((c) => (
          <li key={c.id} style={{ padding: "4px 0" }}>
            <div style={{ fontSize: 12, color: palette.mutedText }}>
              {c.name}
              {c.role !== "student" && c.role !== "guest" ? `（${roleLabels[c.role]}）` : ""} {c.time.slice(11)}
              {c.held && (
                <Tag style={{ ...tones.orange, marginInlineStart: 6 }}>
                  {roomMessages.chatHeld}
                </Tag>
              )}
              {c.to && <Tag style={{ marginInlineStart: 6 }}>{roomMessages.chatToOne}</Tag>}
            </div>
            <div style={{ wordBreak: "break-word", fontWeight: me && c.key === me.key ? 500 : undefined }}>{c.txt}</div>
          </li>
        ))}
      </ol>
      <div role="alert" style={{ minHeight: 22, color: palette.error, fontSize: 13 }}>
        {notice}
      </div>
      <div style={{ display: "flex", gap: 8 }}>
        <Input
          aria-label="聊天内容"
          placeholder="说点什么…"
          value={text}
          maxLength={roomLimits.chatMax}
          showCount
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (notice) onNotice("");
          }}
          onPressEnter={send}
        />
        <Button type="primary" onClick={send} disabled={disabled}>
          发送
        </Button>
      </div>
    </section>
  );
}
