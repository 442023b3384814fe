import { Form, Input, type FormInstance, type FormRule } from "antd";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { SmsCodeField } from "../../components/sms-code-field";
import { CaptchaField } from "./captcha-field";
import { smsCodeRequester } from "./request-sms-code";
import { useCaptcha } from "./use-captcha";
import { PasswordInput } from "../../components/password-input";

interface SmsPasswordFieldsProps {
  form: FormInstance;
  rules: Partial<Record<"mobile" | "auth_code" | "passwd" | "confirm", FormRule[]>>;
  /** Where 获取验证码 asks for the code (registration or retrieval). */
  codeEndpoint: Endpoint;
  passwordPlaceholder: string;
}

/**
 * 手机号, 验证码, 密码 and 确认密码: the fields registration and retrieval share, in the spec's
 * order, with the graphic captcha that asking for the code needs (shown when it is asked for).
 */
export function SmsPasswordFields({ form, rules, codeEndpoint, passwordPlaceholder }: SmsPasswordFieldsProps) {
  const captcha = useCaptcha(form);
  return (
    <>
      <Form.Item name="mobile" rules={rules.mobile}>
        <Input placeholder="手机号" autoComplete="tel" />
      </Form.Item>
      <CaptchaField src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField name="auth_code" placeholder="验证码" rules={rules.auth_code} onRequest={smsCodeRequester(form, codeEndpoint, captcha)} />
      <Form.Item name="passwd" rules={rules.passwd}>
        <PasswordInput placeholder={passwordPlaceholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" dependencies={["passwd"]} rules={rules.confirm}>
        <PasswordInput placeholder="确认密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
