import { useGetIdentity, useLogout } from "@refinedev/core";
import { Button, Card, Form, message } from "antd";
import { authApi } from "../../../resources/auth/auth";
import { HttpRequestError } from "../../../providers/http";
import type { UserInfo } from "../../../providers/session-store";
import chgpasswdFormSchema from "../../../schemas/chgpasswd.form.schema.json";
import chgpasswdSchema from "../../../schemas/chgpasswd.schema.json";
import { SmsCodeField } from "../../components/sms-code-field";
import { schemaRules } from "../../engine/light-rules";
import { maskMobile } from "../../lib/mask";
import { useCallMutation } from "../../lib/use-call";
import { useBusy } from "../../lib/use-busy";
import { PasswordInput } from "../../components/password-input";

const rules = schemaRules(chgpasswdFormSchema, [chgpasswdSchema]);

interface Values {
  auth_code: string;
  passwd: string;
  confirm: string;
}

/** The admin's own password, confirmed by an SMS code to the admin's phone (3 §5). */
export function ChangePasswordPage() {
  const [form] = Form.useForm<Values>();
  const { data: me } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  // 3 §8: 密码修改失败 plus the server's words, joined as the console joins every such prefix (：).
  const { busy: submitting, run } = useBusy("密码修改失败：");
  const { send } = useCallMutation();

  const requestCode = async () => {
    try {
      await send(authApi.ownSmsCode, {});
      message.success("验证码已发送");
      return true;
    } catch (error) {
      if (!(error instanceof HttpRequestError && error.quiet)) message.error("发送验证码失败！请联系管理员");
      return false;
    }
  };

  const submit = ({ auth_code, passwd }: Values) =>
    run(async () => {
      // A refusal rejects with the server's msg, which useBusy shows after 密码修改失败：.
      await send(authApi.changePassword, { auth_code, passwd });
      message.success("密码修改成功，请重新登录");
      logout();
    });

  return (
    <Card title="修改密码" style={{ maxWidth: 640 }}>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 15 }} requiredMark={false} onFinish={submit}>
        <Form.Item label="手机号">{maskMobile(me?.mobile)}</Form.Item>
        <SmsCodeField label="验证码" name="auth_code" placeholder="请输入验证码" rules={rules.auth_code} onRequest={requestCode} />
        <Form.Item label="新密码" name="passwd" rules={rules.passwd}>
          <PasswordInput placeholder="6-20位密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={["passwd"]} rules={rules.confirm}>
          <PasswordInput placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 15 }}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            确定
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
