import { UserOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Avatar, Card, Descriptions, Result, Space, Spin } from "antd";
import type { UserInfo } from "../../../providers/session-store";
import { NicknameForm } from "./account/nickname-form";
import { PasswordForm } from "./account/password-form";
import { PhoneForm } from "./account/phone-form";

/** The signed-in person's own details from `/api/v1/user-info`, and their own changes (2 §5). */
export function UserInfoPage() {
  const { data: me, isLoading, isError, refetch } = useGetIdentity<UserInfo>();

  if (isLoading) return <Spin style={{ display: "block", margin: "96px auto" }} />;
  if (isError || !me) {
    return <Result status="warning" title="个人信息加载失败" extra={<a onClick={() => void refetch()}>重试</a>} />;
  }

  return (
    <Space direction="vertical" size={16} style={{ width: "100%", maxWidth: 640 }}>
      <Card title="个人信息">
        <div style={{ display: "flex", gap: 24, alignItems: "flex-start" }}>
          <Avatar size={72} src={me.headimg || undefined} icon={<UserOutlined />} />
          <Descriptions column={1} style={{ flex: 1 }}>
            <Descriptions.Item label="昵称">{me.nickname || me.name || "-"}</Descriptions.Item>
            <Descriptions.Item label="手机号">{me.mobile || "-"}</Descriptions.Item>
            <Descriptions.Item label="所属机构">{me.group?.name || "-"}</Descriptions.Item>
          </Descriptions>
        </div>
      </Card>
      <Card title="修改昵称">
        <NicknameForm />
      </Card>
      <Card title="修改密码">
        <PasswordForm />
      </Card>
      <Card title="修改手机号">
        <PhoneForm />
      </Card>
    </Space>
  );
}
