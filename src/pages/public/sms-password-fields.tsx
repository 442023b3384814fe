import { Form, Input, type FormInstance, type FormRule } from "antd";
import type { Endpoint } from "../../../resources/endpoint";
import { SmsCodeField } from "../../components/sms-code-field";
import { smsCodeRequester } from "./request-sms-code";

interface SmsPasswordFieldsProps {
  form: FormInstance;
  rules: Partial<Record<"mobile" | "auth_code" | "passwd" | "confirm", FormRule[]>>;
  /** Where 获取验证码 asks for the code (registration or retrieval). */
  codeEndpoint: Endpoint;
  passwordPlaceholder: string;
}

/** 手机号, 验证码, 密码 and 确认密码: the fields registration and retrieval share, in the spec's order. */
export function SmsPasswordFields({ form, rules, codeEndpoint, passwordPlaceholder }: SmsPasswordFieldsProps) {
  return (
    <>
      <Form.Item name="mobile" rules={rules.mobile}>
        <Input placeholder="手机号" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <SmsCodeField name="auth_code" placeholder="验证码" rules={rules.auth_code} onRequest={smsCodeRequester(form, codeEndpoint)} />
      <Form.Item name="passwd" rules={rules.passwd}>
        <Input.Password placeholder={passwordPlaceholder} maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" dependencies={["passwd"]} rules={rules.confirm}>
        <Input.Password placeholder="确认密码" maxLength={20} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
