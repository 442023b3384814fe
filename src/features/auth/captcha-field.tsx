import { Form, Input, type FormRule } from "antd";
import type { ReactNode } from "react";

interface CaptchaFieldProps {
  /** The image address; none keeps the field registered but out of sight. */
  src: string | undefined;
  onRefresh: () => void;
  rules?: FormRule[];
  /** A form laid out with labels (the portal's phone change) names the field. */
  label?: ReactNode;
}

/** 图形验证码: an input next to the image, which is clicked for a new one. */
export function CaptchaField({ src, onRefresh, rules, label }: CaptchaFieldProps) {
  return (
    <Form.Item hidden={!src} required={false} label={label}>
      <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <Form.Item name="authcode" rules={rules} noStyle>
          <Input placeholder="图形验证码" autoComplete="off" />
        </Form.Item>
        {src && (
          <img
            src={src}
            alt="图形验证码"
            title="看不清？点击换一张"
            onClick={onRefresh}
            style={{ width: 110, height: 38, cursor: "pointer", borderRadius: 6, border: "1px solid #d9d9d9", flex: "none" }}
          />
        )}
      </div>
    </Form.Item>
  );
}
