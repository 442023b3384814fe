import { Input, type InputRef } from "antd";
import type { PasswordProps } from "antd/es/input";
import { forwardRef, type CSSProperties } from "react";
import { EyeInvisibleOutlined, EyeOutlined } from "./icons";

const plain: CSSProperties = { border: 0, padding: 0, background: "none", color: "inherit", font: "inherit", lineHeight: 1, cursor: "pointer" };

/**
 * antd's password box with a reveal a keyboard reaches: antd draws it as an icon outside the tab
 * order, named "eye-invisible"; here it is a button, 显示密码, pressed while the password shows.
 * antd keeps a mouse press on it from taking the caret out of the box.
 */
export const PasswordInput = forwardRef<InputRef, PasswordProps>(function PasswordInput(props, ref) {
  return (
    <Input.Password
      ref={ref}
      iconRender={(visible) => (
        <button type="button" aria-label="显示密码" aria-pressed={visible} style={plain}>
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
      {...props}
    />
  );
});
