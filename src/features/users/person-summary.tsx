import { Avatar, Flex, Skeleton, Typography } from "antd";
import type { DetailPanelProps } from "../../engine/registry";
import { UserOutlined } from "../../components/icons";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Who a detail page is about (1 §2.4): the avatar, the nickname (the role's name, 老师 or 学生, when
 * none could be read, 1 §8) and the mobile. Registered as the `personSummary` panel.
 */
export function PersonSummary({ record, loading, noun }: DetailPanelProps) {
  return (
    <Flex align="center" gap={16}>
      <Avatar size={64} src={text(record.headimg) || undefined} icon={<UserOutlined />} />
      {loading ? (
        <Skeleton active title={{ width: 120 }} paragraph={{ rows: 1, width: 180 }} style={{ width: 240 }} />
      ) : (
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {text(record.nickname) || noun}
          </Typography.Title>
          <Typography.Text type="secondary">手机号：{text(record.mobile) || "-"}</Typography.Text>
        </div>
      )}
    </Flex>
  );
}
