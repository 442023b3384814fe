import { Form, Input, type FormRule } from "antd";
import type { ReactNode } from "react";
import { SmsCodeButton } from "./sms-code-button";

interface SmsCodeFieldProps {
  name: string;
  placeholder: string;
  rules?: FormRule[];
  label?: ReactNode;
  prefix?: ReactNode;
  onRequest: () => Promise<boolean>;
}

/** A code input with its 获取验证码 button on the same line; errors show under both. */
export function SmsCodeField({ name, placeholder, rules, label, prefix, onRequest }: SmsCodeFieldProps) {
  return (
    <Form.Item label={label} required={false}>
      <div style={{ display: "flex", gap: 8 }}>
        <Form.Item name={name} rules={rules} noStyle>
          <Input placeholder={placeholder} prefix={prefix} autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton onRequest={onRequest} />
      </div>
    </Form.Item>
  );
}
