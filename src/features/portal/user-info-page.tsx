import { UserOutlined } from "../../components/icons";
import { useGetIdentity } from "@refinedev/core";
import { Avatar, Card, Descriptions, Result, Space, Spin, Tabs } from "antd";
import { useSearchParams } from "react-router-dom";
import type { UserInfo } from "../../../providers/session-store";
import { NicknameForm } from "./account/nickname-form";
import { PasswordForm } from "./account/password-form";
import { PhoneForm } from "./account/phone-form";

/** The person's own changes (2 §2 "change-password view, change-phone view"), the open one kept in the address. */
const changes = [
  { key: "password", label: "修改密码", children: <PasswordForm /> },
  { key: "phone", label: "修改手机号", children: <PhoneForm /> },
  { key: "nickname", label: "修改昵称", children: <NicknameForm /> },
];

/** The signed-in person's own details from `/api/v1/user-info`, and their own changes (2 §5). */
export function UserInfoPage() {
  const { data: me, isLoading, isError, refetch } = useGetIdentity<UserInfo>();
  const [params, setParams] = useSearchParams();
  const open = changes.find((c) => c.key === params.get("tab"))?.key ?? changes[0].key;

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
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs activeKey={open} onChange={(key) => setParams(key === changes[0].key ? {} : { tab: key }, { replace: true })} items={changes} />
      </Card>
    </Space>
  );
}
