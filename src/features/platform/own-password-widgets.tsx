import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { Input, Typography } from "antd";
import { authApi } from "../../../resources/auth/auth";
import { isQuiet } from "../../../providers/notify";
import { SmsCodeButton } from "../../components/sms-code-button";
import { maskMobile } from "../../lib/mask";
import { useCallMutation } from "../../lib/use-call";

/** `"ui:widget": "maskedMobile"`: a phone number shown, never edited, with its middle four hidden. */
export function MaskedMobileWidget({ id, value }: WidgetProps) {
  return <Typography.Text id={id}>{maskMobile(typeof value === "string" ? value : "")}</Typography.Text>;
}

/**
 * `"ui:widget": "ownSmsCode"`: the code box with 获取验证码 on its line, the code sent to the
 * signed-in admin's own phone (3 §5) and the 60 s wait before another.
 */
export function OwnSmsCodeWidget({ id, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, options }: WidgetProps) {
  const { send } = useCallMutation();
  const request = async () => {
    try {
      await send(authApi.ownSmsCode, {}, {
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
}
