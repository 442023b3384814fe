import type { WidgetProps } from "@rjsf/utils";
import { Form, Input, Typography, message } from "antd";
import { useEffect } from "react";
import { certificationApi, certificationMessages } from "../../../resources/certification/certification";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { errorText } from "../../../providers/http";
import { isQuiet } from "../../../providers/notify";
import editSchema from "../../../schemas/certification/certification.edit.schema.json";
import { SmsCodeField } from "../../components/sms-code-field";
import { useFieldValue } from "../../engine/form-values";
import { fieldProblem, schemaRules } from "../../engine/light-rules";
import { useCallMutation } from "../../lib/use-call";
import { CaptchaField, smsCodeRequester, useCaptcha } from "../auth";

const rules = schemaRules(editSchema);

// The engine form's own row layout (label 96 px on the left), for the rows this widget draws.
const rows = { labelCol: { flex: "96px" }, wrapperCol: { flex: "1 1 0", style: { minWidth: 0 } } };

/**
 * `"ui:widget": "certificationSmsCode"` (certification.edit, 3 §5, §7.6): the SMS code of the contact
 * mobile, asked only while that mobile is new or changed (not the `verified_mobile` the last code
 * proved). It is asked behind the mobile's graphic captcha (GET /cms/captcha?mobile&ts, the
 * sign-in's own), whose answer goes to POST /admin/sms_validate as validate_code; then the 60 s
 * wait. The code goes to the generated form, the captcha's answer nowhere else.
 */
export function CertificationSmsCodeWidget({ value, onChange, placeholder, rawErrors, registry }: WidgetProps) {
  const [form] = Form.useForm<{ mobile: string; authcode?: string; validate_code?: string }>();
  const captcha = useCaptcha(form);
  const mobile = useFieldValue<string>(registry, "mobile") ?? "";
  const verified = useFieldValue<string>(registry, "verified_mobile") ?? "";
  const { send } = useCallMutation();
  const errors = rawErrors?.join("\n");
  const needed = !mobile || mobile !== verified;

  useEffect(() => form.setFieldValue("mobile", mobile), [form, mobile]);
  useEffect(() => form.setFields([{ name: "validate_code", errors: errors ? errors.split("\n") : [] }]), [form, errors]);
  // Back to the proven mobile: a code typed for another one is not sent.
  useEffect(() => {
    if (!needed && value) onChange(undefined);
  }, [needed, value, onChange]);

  const ask = async (endpoint: Endpoint, body: Record<string, unknown>) => {
    try {
      await send(endpoint, { mobile: body.mobile, validate_code: body.authcode });
      message.success(certificationMessages.codeSent);
      return true;
    } catch (error) {
      if (!isQuiet(error)) message.error(errorText(error) || certificationMessages.codeFailed);
      return false;
    }
  };
  const requester = smsCodeRequester(form, certificationApi.smsCode, captcha, "validate_code", ask);
  const request = async () => {
    // The mobile's own row is the generated form's: its problem is said here, where the button is.
    const problem = await fieldProblem(editSchema, "mobile", { mobile });
    if (problem) {
      form.setFields([{ name: "validate_code", errors: [problem] }]);
      return false;
    }
    return requester();
  };

  if (!needed) {
    return (
      <Form.Item {...rows} label="短信验证码">
        <Typography.Text type="secondary">联系人手机号已验证，未变更时无需验证码</Typography.Text>
      </Form.Item>
    );
  }
  return (
    <Form form={form} component={false} {...rows} initialValues={{ validate_code: value ?? "" }} onValuesChange={(changed: { validate_code?: string }) => "validate_code" in changed && onChange(changed.validate_code || undefined)}>
      <Form.Item name="mobile" rules={rules.mobile} hidden>
        <Input />
      </Form.Item>
      <CaptchaField label="图形验证码" src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField label="短信验证码" name="validate_code" placeholder={placeholder || "请输入短信验证码"} onRequest={request} />
    </Form>
  );
}
