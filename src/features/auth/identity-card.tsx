import { Button, Card, Empty, Radio } from "antd";
import type { IdentityType } from "../../../resources/auth/auth";

export interface IdentityEntry {
  id: number;
  name: string;
}

const cardTitles: Record<IdentityType, string> = {
  admin: "我是机构",
  assistant: "我是助教",
  teacher: "我是老师",
  student: "我是学生",
};

const enterLabels: Record<IdentityType, string> = {
  admin: "机构管理",
  assistant: "进入课表",
  teacher: "进入课表",
  student: "开始学习",
};

interface IdentityCardProps {
  type: IdentityType;
  entries: IdentityEntry[];
  width: number;
  /** The entry chosen in this card; one selection spans the whole page. */
  selectedId: number | undefined;
  entering: boolean;
  onSelect: (id: number) => void;
  onEnter: () => void;
}

export function IdentityCard({ type, entries, width, selectedId, entering, onSelect, onEnter }: IdentityCardProps) {
  return (
    <Card
      title={cardTitles[type]}
      data-identity={type}
      style={{ width, display: "flex", flexDirection: "column", boxShadow: "0 8px 24px rgba(29, 59, 111, 0.08)" }}
      styles={{ body: { flex: 1, display: "flex", flexDirection: "column", gap: 16 } }}
    >
      <div style={{ flex: 1, minHeight: 160, maxHeight: 320, overflowY: "auto" }}>
        {entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可选身份" />
        ) : (
          <Radio.Group
            value={selectedId}
            onChange={(event) => onSelect(event.target.value as number)}
            style={{ display: "flex", flexDirection: "column", gap: 12 }}
          >
            {entries.map((entry) => (
              <Radio key={entry.id} value={entry.id}>
                {entry.name}
              </Radio>
            ))}
          </Radio.Group>
        )}
      </div>
      <Button type="primary" block size="large" loading={entering} onClick={onEnter}>
        {enterLabels[type]}
      </Button>
    </Card>
  );
}
