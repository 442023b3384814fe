import { Tag, Typography } from "antd";
import { roomLimits } from "../../../../resources/rooms/room-api";
import type { PresenceEntry } from "../../../../resources/rooms/room-protocol";
import { roleLabels, roleTones } from "./room-labels";

/** Who is in the room: how many, and the people the room lists, each once however many pages they have open; the staff first. */
export function PresencePanel({ present, people }: { present: PresenceEntry[]; people: number }) {
  const listed = [...new Map(present.map((p) => [p.key, p])).values()];
  const order = ["teacher", "assistant", "admin", "student", "guest"];
  listed.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  return (
    <section aria-labelledby="room-present" style={{ padding: 12, borderBottom: "1px solid #e5e7eb" }}>
      <Typography.Title id="room-present" level={2} style={{ fontSize: 15, margin: "0 0 8px" }}>
        在线 {people} 人
      </Typography.Title>
      <ul aria-label="在线成员" style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 160, overflowY: "auto" }}>
        {listed.slice(0, roomLimits.presenceShown).map((p) => (
          <li key={p.key} style={{ display: "flex", alignItems: "center", gap: 8, padding: "2px 0" }}>
            <span>{p.name}</span>
            <Tag style={{ ...roleTones[p.role], marginInlineEnd: 0 }}>
              {roleLabels[p.role]}
            </Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}
