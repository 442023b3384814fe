import { useGetIdentity } from "@refinedev/core";
import { Button, Form, Input, message } from "antd";
import { portalApi } from "../../../../resources/portal/portal";
import type { UserInfo } from "../../../../providers/session-store";
import nicknameSchema from "../../../../schemas/portal.nickname.schema.json";
import { schemaRules } from "../../../engine/light-rules";
import { useCallMutation } from "../../../lib/use-call";
import { reportChangeFailure } from "./change-failure";
import { accountButton, accountForm } from "./form-layout";

const rules = schemaRules(nicknameSchema);

/** 修改昵称: the name the rooms and the top bar show. */
export function NicknameForm() {
  const [form] = Form.useForm<{ nickname: string }>();
  const { data: me, refetch } = useGetIdentity<UserInfo>();
  const { send, busy } = useCallMutation();

  const submit = async ({ nickname }: { nickname: string }) => {
    try {
      await send(portalApi.nickname, { nickname });
      message.success("修改成功");
      await refetch();
    } catch (error) {
      reportChangeFailure(error, form, "修改失败", "nickname");
    }
  };

  return (
    <Form
      form={form}
      name="portal-nickname"
      {...accountForm}
      requiredMark={false}
      initialValues={{ nickname: me?.nickname ?? "" }}
      onFinish={submit}
      key={me?.nickname}
    >
      <Form.Item label="昵称" name="nickname" rules={rules.nickname}>
        <Input placeholder="请输入昵称" />
      </Form.Item>
      <Form.Item wrapperCol={accountButton}>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改昵称
        </Button>
      </Form.Item>
    </Form>
  );
}
