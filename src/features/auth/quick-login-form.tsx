import { Button, Form, Input, message } from "antd";
import { authApi, defaultAreaCode } from "../../../resources/auth/auth";
import { request } from "../../../providers/http";
import { useBusy } from "../../lib/use-busy";
import { SmsCodeField } from "../../components/sms-code-field";
import { CaptchaField } from "./captcha-field";
import { quickRules } from "./login-schemas";
import { smsCodeRequester } from "./request-sms-code";
import { useCaptcha } from "./use-captcha";

interface Values {
  mobile: string;
  auth_code: string;
  /** No rules: the graphic captcha guards the SMS request only, not signing in. */
  authcode?: string;
}

/** 手机快捷登录: an SMS code, requested with the graphic captcha (1 §4, §5). */
export function QuickLoginForm({ initialMobile, onSignedIn }: { initialMobile: string; onSignedIn: (mobile: string) => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha(form);
  const { busy: submitting, run } = useBusy();

  const submit = ({ mobile, auth_code }: Values) =>
    run(async () => {
      const envelope = await request(authApi.smsLogin, { area_code: defaultAreaCode, mobile, auth_code });
      if (envelope.code === 0) return onSignedIn(mobile);
      message.error("验证码错误");
    });

  // The form's name keeps its field ids apart from the password tab's (both have a mobile).
  return (
    <Form form={form} name="quick-login" size="large" onFinish={submit} initialValues={{ mobile: initialMobile }}>
      <Form.Item name="mobile" rules={quickRules.mobile}>
        <Input placeholder="手机号" autoComplete="tel" />
      </Form.Item>
      <CaptchaField src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField name="auth_code" placeholder="短信验证码" rules={quickRules.auth_code} onRequest={smsCodeRequester(form, authApi.loginCode, captcha)} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
