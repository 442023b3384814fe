import { Button, Form, Input, message } from "antd";
import { authApi, loginCodes } from "../../../resources/auth/auth";
import { request } from "../../../providers/http";
import { useBusy } from "../../lib/use-busy";
import { CaptchaField } from "./captcha-field";
import { captchaProblem, captchaRules, passwordRules } from "./login-schemas";
import { useCaptcha } from "./use-captcha";
import { PasswordInput } from "../../components/password-input";

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
      const needCaptcha = !!(envelope.data as { needCaptcha?: boolean } | null)?.needCaptcha;
      if (envelope.code === loginCodes.wrongCaptcha && !captcha.shown) {
        // Required by failures this page never saw (another browser, a shared address):
        // nothing was wrong, the captcha was just not asked for yet.
        captcha.refresh();
        form.setFields([{ name: "authcode", errors: [(await captchaProblem(""))!] }]);
        return;
      }
      // A lock or "too many" says itself how long to wait; everything else is 1 §8's two texts.
      message.error(
        envelope.code === loginCodes.tooMany ? envelope.msg : envelope.code === loginCodes.wrongCaptcha ? "验证码错误" : "用户名或密码错误",
      );
      // Every failed attempt gets a new image; a 900 (or any answer needing one) reveals it.
      if (captcha.shown || needCaptcha || envelope.code === loginCodes.wrongPassword) captcha.refresh();
    });

  // The form's name keeps its field ids apart from the quick tab's (both have a mobile).
  return (
    <Form form={form} name="password-login" size="large" onFinish={submit} initialValues={{ mobile: initialMobile }}>
      <Form.Item name="mobile" rules={passwordRules.mobile}>
        <Input placeholder="手机号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="passwd" rules={passwordRules.passwd}>
        <PasswordInput placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <CaptchaField src={captcha.src} onRefresh={captcha.refresh} rules={captcha.shown ? captchaRules : undefined} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
