import { Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { fillRoute } from "./fill-route";

/** A cell's value as a link inside the console (a live's course → that course's lives). */
export function LinkedCell({ to, children }: { to: string; children: ReactNode }) {
  return <Link to={to}>{children}</Link>;
}

export interface TagsCellProps {
  items: Record<string, unknown>[];
  /** The item field each tag shows. */
  label: string;
  /** How many tags are shown; the rest count as +n. */
  max?: number;
  /** A route each tag opens, filled from the item (`{account}`). */
  link?: string;
}

/** A JSON list as tags, the first `max` of them (2 §2: teachers and assistants, first 3). */
export function TagsCell({ items, label, max, link }: TagsCellProps) {
  if (items.length === 0) return <>-</>;
  const shown = max === undefined ? items : items.slice(0, max);
  const hidden = items.length - shown.length;
  return (
    <Space size={[0, 4]} wrap>
      {shown.map((item, index) => {
        const text = String(item[label] ?? "");
        return (
          <Tag key={`${index}-${text}`} color={link ? "blue" : undefined}>
            {link ? <Link to={fillRoute(link, item)}>{text}</Link> : text}
          </Tag>
        );
      })}
      {hidden > 0 && <Typography.Text type="secondary" title={items.slice(shown.length).map((item) => String(item[label] ?? "")).join("、")}>{`+${hidden}`}</Typography.Text>}
    </Space>
  );
}
