import { Button, Checkbox, Form, message } from "antd";
import { Link, useNavigate } from "react-router-dom";
import { authApi, defaultAreaCode } from "../../../resources/auth/auth";
import { request } from "../../../providers/http";
import registerFormSchema from "../../../schemas/auth/register.form.schema.json";
import registerSchema from "../../../schemas/auth/register.schema.json";
import { PublicCard } from "../../components/public-card";
import { PublicLayout } from "../../components/public-layout";
import { schemaRules } from "../../engine/light-rules";
import { useBusy } from "../../lib/use-busy";
import { SmsPasswordFields } from "./sms-password-fields";
import { signInRoutes } from "../../../resources/auth/routes";

const rules = schemaRules(registerFormSchema, [registerSchema]);

interface Values {
  mobile: string;
  auth_code: string;
  passwd: string;
  confirm: string;
  agree: boolean;
}

export function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { busy: submitting, run } = useBusy();

  const submit = ({ mobile, auth_code, passwd }: Values) =>
    run(async () => {
      const envelope = await request(authApi.register, { area_code: defaultAreaCode, mobile, auth_code, passwd, name: "" });
      if (envelope.code !== 0) return void message.error(envelope.msg);
      message.success("注册成功");
      navigate(signInRoutes.login.route);
    });

  return (
    <PublicLayout>
      <PublicCard title={signInRoutes.register.title}>
        <Form form={form} size="large" onFinish={submit}>
          <SmsPasswordFields form={form} rules={rules} codeEndpoint={authApi.registerCode} passwordPlaceholder="6-20位密码" />
          <Form.Item name="agree" valuePropName="checked" rules={rules.agree}>
            <Checkbox>我已阅读并同意《用户协议》</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            注册
          </Button>
        </Form>
        <div style={{ textAlign: "center", marginTop: 16 }}>
          <Link to={signInRoutes.login.route}>返回登录</Link>
        </div>
      </PublicCard>
    </PublicLayout>
  );
}
