import { useGetIdentity } from "@refinedev/core";
import { Avatar, Descriptions, Result, Spin } from "antd";
import type { UserInfo } from "../../../../providers/session-store";
import { UserOutlined } from "../../../components/icons";

/** `portalIdentity`: the signed-in person's own details from `/api/v1/user-info` (2 §5), as the top bar has them. */
export function IdentityPanel() {
  const { data: me, isLoading, isError, refetch } = useGetIdentity<UserInfo>();
  if (isLoading) return <Spin style={{ display: "block", margin: "24px auto" }} />;
  if (isError || !me) return <Result status="warning" title="个人信息加载失败" extra={<a onClick={() => void refetch()}>重试</a>} />;
  return (
    <div style={{ display: "flex", gap: 24, alignItems: "flex-start" }}>
      <Avatar size={72} src={me.headimg || undefined} icon={<UserOutlined />} />
      <Descriptions column={1} style={{ flex: 1 }}>
        <Descriptions.Item label="昵称">{me.nickname || me.name || "-"}</Descriptions.Item>
        <Descriptions.Item label="手机号">{me.mobile || "-"}</Descriptions.Item>
        <Descriptions.Item label="所属机构">{me.group?.name || "-"}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
