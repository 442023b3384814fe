import { Avatar, Flex, Typography } from "antd";
import type { MessageGroup as Group } from "../../../../resources/portal/portal";
import type { CallRowPartProps } from "../../../engine/registry";
import { palette } from "../../../lib/theme";

/** A message group as 消息分组 lists it: its letter, its name choosing it, its last message (or 暂无消息) and when. */
export function MessageGroup({ row, choose }: CallRowPartProps) {
  const group = row as unknown as Group;
  return (
    <Flex gap={12} align="flex-start">
      <Avatar style={{ background: palette.primary, flex: "none" }}>{group.name.slice(0, 1)}</Avatar>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong>{choose ? choose(group.name) : group.name}</Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {group.lastMsg || "暂无消息"}
        </Typography.Text>
      </Flex>
      {group.lastTime && (
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: "none" }}>
          {group.lastTime.slice(5, 16)}
        </Typography.Text>
      )}
    </Flex>
  );
}
