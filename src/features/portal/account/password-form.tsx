import { Button, Form, message } from "antd";
import { portalApi, portalMessages } from "../../../../resources/portal/portal";
import passwdFormSchema from "../../../../schemas/portal.passwd.form.schema.json";
import passwdSchema from "../../../../schemas/portal.passwd.schema.json";
import { schemaRules } from "../../../engine/light-rules";
import { useCallMutation } from "../../../lib/use-call";
import { reportChangeFailure } from "./change-failure";
import { PasswordInput } from "../../../components/password-input";
import { accountButton, accountForm } from "./form-layout";

const rules = schemaRules(passwdFormSchema, [passwdSchema]);

interface Values {
  old_passwd: string;
  new_passwd: string;
  confirm: string;
}

/**
 * 修改密码 of the portal (2 §5): the three fields required (输入不能为空), the confirmation equal
 * (两次密码不一致), the new one 6-16 letters and digits (password.def). This session stays signed in.
 */
export function PasswordForm() {
  const [form] = Form.useForm<Values>();
  const { send, busy } = useCallMutation();

  const submit = async ({ old_passwd, new_passwd }: Values) => {
    try {
      await send(portalApi.password, { old_passwd, new_passwd });
      message.success("修改成功");
      form.resetFields();
    } catch (error) {
      reportChangeFailure(error, form, portalMessages.passwordFailed, "old_passwd");
    }
  };

  return (
    <Form form={form} name="portal-password" {...accountForm} requiredMark={false} onFinish={submit}>
      <Form.Item label="旧密码" name="old_passwd" rules={rules.old_passwd}>
        <PasswordInput placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="新密码" name="new_passwd" rules={rules.new_passwd}>
        <PasswordInput placeholder="6-16位字母和数字" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirm" dependencies={["new_passwd"]} rules={rules.confirm}>
        <PasswordInput placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item wrapperCol={accountButton}>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改密码
        </Button>
      </Form.Item>
    </Form>
  );
}
