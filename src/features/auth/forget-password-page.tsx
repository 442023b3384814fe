import { Button, Form, message } from "antd";
import { Link, useNavigate } from "react-router-dom";
import { authApi, defaultAreaCode } from "../../../resources/auth/auth";
import { request } from "../../../providers/http";
import retrieveFormSchema from "../../../schemas/auth/retrieve.form.schema.json";
import retrieveSchema from "../../../schemas/auth/retrieve.schema.json";
import { PublicCard } from "../../components/public-card";
import { PublicLayout } from "../../components/public-layout";
import { schemaRules } from "../../engine/light-rules";
import { useBusy } from "../../lib/use-busy";
import { SmsPasswordFields } from "./sms-password-fields";
import { signInRoutes } from "../../../resources/auth/routes";

const rules = schemaRules(retrieveFormSchema, [retrieveSchema]);

interface Values {
  mobile: string;
  auth_code: string;
  passwd: string;
  confirm: string;
}

export function ForgetPasswordPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { busy: submitting, run } = useBusy();

  const submit = ({ mobile, auth_code, passwd }: Values) =>
    run(async () => {
      const envelope = await request(authApi.retrieve, { area_code: defaultAreaCode, mobile, auth_code, passwd });
      if (envelope.code !== 0) return void message.error(envelope.msg);
      message.success("修改成功");
      navigate(signInRoutes.login.route);
    });

  return (
    <PublicLayout>
      <PublicCard title={signInRoutes.forgetPassword.title} extra={<Link to={signInRoutes.login.route}>关闭</Link>}>
        <Form form={form} size="large" onFinish={submit}>
          <SmsPasswordFields form={form} rules={rules} codeEndpoint={authApi.retrieveCode} passwordPlaceholder="新密码" />
          <Button type="primary" htmlType="submit" block loading={submitting}>
            修改
          </Button>
        </Form>
        <div style={{ textAlign: "center", marginTop: 16 }}>
          <Link to={signInRoutes.login.route}>返回</Link>
        </div>
      </PublicCard>
    </PublicLayout>
  );
}
