import { Button, Form, Input, message } from "antd";
import { authApi, loginCodes } from "../../../resources/auth";
import { request } from "../../../providers/http";
import { useBusy } from "../../lib/use-busy";
import { CaptchaField } from "./captcha-field";
import { captchaRules, passwordRules } from "./login-schemas";
import { useCaptcha } from "./use-captcha";

interface Values {
  mobile: string;
  passwd: string;
  authcode?: string;
}

/** 账号密码登录: after a 900 answer the graphic captcha is required (1 §4, §8). */
export function PasswordLoginForm({ initialMobile, onSignedIn }: { initialMobile: string; onSignedIn: (mobile: string) => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha(form);
  const { busy: submitting, run } = useBusy();

  const submit = ({ mobile, passwd, authcode }: Values) =>
    run(async () => {
      const envelope = await request(authApi.passwordLogin, { mobile, passwd, authcode: authcode ?? "" });
      if (envelope.code === loginCodes.ok) return onSignedIn(mobile);
      message.error(envelope.code === loginCodes.wrongCaptcha ? "验证码错误" : "用户名或密码错误");
      // Every failed attempt gets a new image. A 900 reveals it; so does a 904, which the
      // server also answers when a reloaded page sends no captcha it still requires.
      form.setFieldValue("authcode", "");
      const needsCaptcha = envelope.code === loginCodes.wrongPassword || envelope.code === loginCodes.wrongCaptcha;
      if (captcha.shown || needsCaptcha) captcha.refresh();
    });

  return (
    <Form form={form} size="large" onFinish={submit} initialValues={{ mobile: initialMobile }}>
      <Form.Item name="mobile" rules={passwordRules.mobile}>
        <Input placeholder="手机号" maxLength={20} autoComplete="username" />
      </Form.Item>
      <Form.Item name="passwd" rules={passwordRules.passwd}>
        <Input.Password placeholder="密码" maxLength={64} autoComplete="current-password" />
      </Form.Item>
      {captcha.shown && <CaptchaField src={captcha.src} onRefresh={captcha.refresh} rules={captchaRules} />}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
