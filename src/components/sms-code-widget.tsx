import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { Input } from "antd";
import type { Endpoint } from "../../resources/kernel/endpoint";
import { isQuiet } from "../../providers/notify";
import { useCallMutation } from "../lib/use-call";
import { SmsCodeButton } from "./sms-code-button";

/**
 * A form widget: the code box with 获取验证码 on its line, asking `call` to send a code to a phone
 * the server knows (the signed-in admin's own, the main admin's), then the 60 s wait before another
 * (3 §5: 验证码已发送, 发送验证码失败！请联系管理员). Each area names its own with its own call.
 */
export function smsCodeWidget(call: Endpoint) {
  return function SmsCodeWidget({ id, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, options }: WidgetProps) {
    const { send } = useCallMutation();
    const request = async () => {
      try {
        await send(call, {}, {
          successNotification: () => ({ type: "success", message: "验证码已发送" }),
          errorNotification: (error) => (isQuiet(error) ? false : { type: "error", message: "发送验证码失败！请联系管理员" }),
        });
        return true;
      } catch {
        return false;
      }
    };
    return (
      <div style={{ display: "flex", gap: 8 }}>
        <Input
          id={id}
          value={typeof value === "string" ? value : ""}
          placeholder={placeholder}
          autoComplete="one-time-code"
          aria-describedby={ariaDescribedByIds(id)}
          disabled={disabled || readonly}
          onChange={({ target }) => onChange(target.value === "" ? options.emptyValue : target.value)}
          onBlur={({ target }) => onBlur(id, target.value)}
          onFocus={({ target }) => onFocus(id, target.value)}
        />
        <SmsCodeButton onRequest={request} />
      </div>
    );
  };
}
