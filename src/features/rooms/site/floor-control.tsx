import { Button, Select, Space, Typography } from "antd";
import { useState } from "react";
import { request } from "../../../../providers/http";
import { roomApi } from "../../../../resources/rooms/room-api";
import type { PresenceEntry, RoomBroadcast } from "../../../../resources/rooms/room-protocol";

/**
 * 发言权 (issue 18 item 1): the teacher gives the floor to an assistant in the room, who may then
 * publish the class in the teacher's place, and takes it back (stopping the assistant's publication).
 * Who holds it comes back to everyone with the broadcast's state.
 */
export function FloorControl({ present, broadcast, currentToken }: { present: PresenceEntry[]; broadcast: RoomBroadcast; currentToken: () => string }) {
  const assistants = [...new Map(present.filter((p) => p.role === "assistant").map((p) => [p.key, p])).values()];
  const [chosen, setChosen] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (key: string) => {
    setBusy(true);
    try {
      const answer = await request(roomApi.floor, { token: currentToken(), key });
      setSaid({ ok: answer.code === 0, text: answer.msg });
    } catch {
      setSaid({ ok: false, text: "网络异常" });
    } finally {
      setBusy(false);
    }
  };
  if (broadcast.state === "ended") return null;
  return (
    <section aria-label="发言权" style={{ padding: "8px 12px" }}>
      {broadcast.floor ? (
        <Space wrap>
          <Typography.Text>发言权在助教 {broadcast.floor.name} 手中</Typography.Text>
          <Button onClick={() => void send("")} loading={busy}>
            收回发言权
          </Button>
        </Space>
      ) : (
        <Space wrap>
          <Select
            aria-label="选择助教"
            placeholder={assistants.length ? "选择助教" : "暂无助教在直播间"}
            disabled={!assistants.length}
            style={{ minWidth: 160 }}
            value={chosen}
            onChange={setChosen}
            options={assistants.map((a) => ({ value: a.key, label: a.name }))}
          />
          <Button disabled={!chosen} onClick={() => chosen && void send(chosen)} loading={busy}>
            交出发言权
          </Button>
        </Space>
      )}
      {said && (
        <Typography.Text type={said.ok ? "success" : "danger"} role="status" style={{ display: "block", marginTop: 4 }}>
          {said.text}
        </Typography.Text>
      )}
    </section>
  );
}
