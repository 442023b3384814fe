import type { WidgetProps } from "@rjsf/utils";
import { Form, Input, message } from "antd";
import { useEffect } from "react";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { portalApi, portalMessages } from "../../../../resources/portal/portal";
import { errorText } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";
import mobileSchema from "../../../../schemas/portal/portal.mobile.schema.json";
import { SmsCodeField } from "../../../components/sms-code-field";
import { useFieldValue } from "../../../engine/form-values";
import { fieldProblem, schemaRules } from "../../../engine/light-rules";
import { useCallMutation } from "../../../lib/use-call";
import { CaptchaField, smsCodeRequester, useCaptcha } from "../../auth";

const rules = schemaRules(mobileSchema);

// The engine form's own row layout (label 96 px on the left), for the two rows this widget draws.
const rows = { labelCol: { flex: "96px" }, wrapperCol: { flex: "1 1 0", style: { minWidth: 0 } } };

/**
 * `"ui:widget": "portalSmsCode"` (portal.mobile.edit, 2 §5, §7): the SMS code of the new mobile,
 * asked for behind that mobile's graphic captcha like every code request (获取验证码失败:msg, then
 * the 60 s wait). The captcha and the code are the sign-in forms' own parts, on a small antd form of
 * their own (no element of its own: it sits in the generated form); the code goes to the generated
 * form, the captcha's answer nowhere else. Its field's label and messages are drawn here, under the code.
 */
export function PortalSmsCodeWidget({ value, onChange, placeholder, rawErrors, registry }: WidgetProps) {
  const [form] = Form.useForm<{ mobile: string; authcode?: string; auth_code?: string }>();
  const captcha = useCaptcha(form);
  const mobile = useFieldValue<string>(registry, "mobile") ?? "";
  const { send } = useCallMutation();
  const errors = rawErrors?.join("\n");

  useEffect(() => form.setFieldValue("mobile", mobile), [form, mobile]);
  useEffect(() => form.setFields([{ name: "auth_code", errors: errors ? errors.split("\n") : [] }]), [form, errors]);

  const ask = async (endpoint: Endpoint, body: Record<string, unknown>) => {
    try {
      await send(endpoint, body);
      message.success("验证码已发送");
      return true;
    } catch (error) {
      if (!isQuiet(error)) message.error(`${portalMessages.codeFailed}${errorText(error)}`);
      return false;
    }
  };
  const requester = smsCodeRequester(form, portalApi.mobileCode, captcha, "auth_code", ask);
  const request = async () => {
    // The mobile's own row is the generated form's: its problem is said here, where the button is.
    const problem = await fieldProblem(mobileSchema, "mobile", { mobile });
    if (problem) {
      form.setFields([{ name: "auth_code", errors: [problem] }]);
      return false;
    }
    return requester();
  };

  return (
    <Form form={form} component={false} {...rows} initialValues={{ auth_code: value ?? "" }} onValuesChange={(changed: { auth_code?: string }) => "auth_code" in changed && onChange(changed.auth_code || undefined)}>
      <Form.Item name="mobile" rules={rules.mobile} hidden>
        <Input />
      </Form.Item>
      <CaptchaField label="图形验证码" src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField label="验证码" name="auth_code" placeholder={placeholder || "请输入验证码"} onRequest={request} />
    </Form>
  );
}
