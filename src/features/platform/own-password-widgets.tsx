import type { WidgetProps } from "@rjsf/utils";
import { Typography } from "antd";
import { authApi } from "../../../resources/auth/auth";
import { smsCodeWidget } from "../../components/sms-code-widget";
import { maskMobile } from "../../lib/mask";

/** `"ui:widget": "maskedMobile"`: a phone number shown, never edited, with its middle four hidden. */
export function MaskedMobileWidget({ id, value }: WidgetProps) {
  return <Typography.Text id={id}>{maskMobile(typeof value === "string" ? value : "")}</Typography.Text>;
}

/**
 * `"ui:widget": "ownSmsCode"`: the code box with 获取验证码 on its line, the code sent to the
 * signed-in admin's own phone (3 §5) and the 60 s wait before another.
 */
export const OwnSmsCodeWidget = smsCodeWidget(authApi.ownSmsCode);
