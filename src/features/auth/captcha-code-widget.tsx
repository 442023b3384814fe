import type { WidgetProps } from "@rjsf/utils";
import { Form, Input, message } from "antd";
import { useEffect } from "react";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { errorText } from "../../../providers/http";
import { isQuiet } from "../../../providers/notify";
import { SmsCodeField } from "../../components/sms-code-field";
import { useFieldValue } from "../../engine/form-values";
import type { SchemaFile } from "../../engine/schema-parts";
import { fieldProblem } from "../../engine/light-rules";
import { useCallMutation } from "../../lib/use-call";
import { CaptchaField } from "./captcha-field";
import { smsCodeRequester } from "./request-sms-code";
import { useCaptcha } from "./use-captcha";

/** Which code a form's widget asks for, and how it words the asking. */
export interface SmsCodeRequest {
  /** The code request's call: `{mobile, authcode}` (and the area code). */
  call: Endpoint;
  /** `$id` of the request's schema: its mobile and authcode messages are the ones said here. */
  request: string;
  /** Put before the server's words when the request is refused. */
  failed: string;
}

// The engine form's own row layout (label 96 px on the left), for the two rows this widget draws.
const rows = { labelCol: { flex: "96px" }, wrapperCol: { flex: "1 1 0", style: { minWidth: 0 } } };

/** The request's schema, read when first asked for: every form already carries schemas/, the sign-in pages need not. */
const requestSchema = async (id: string): Promise<SchemaFile> => {
  const { schemaFiles } = await import("../../engine/schema-files");
  const found = schemaFiles.find((file) => file.$id === id);
  if (!found) throw new Error(`smsCode widget: no schema ${id}`);
  return found;
};

/**
 * A form widget (registered by name by the area whose form has it): the SMS code of the form's `mobile`, asked for behind that mobile's
 * graphic captcha like every code request (1 §5; the portal's phone change, 2 §5; a low-balance
 * recipient, 3 §5), then the 60 s wait. The captcha and the code are the sign-in forms' own parts, on
 * a small antd form of their own (no element of its own: it sits in the generated form); the code
 * goes to the generated form, the captcha's answer nowhere else. Its field's label and messages are
 * drawn here, under the code.
 */
function SmsCode({ value, onChange, placeholder, rawErrors, registry, codes }: WidgetProps & { codes: SmsCodeRequest }) {
  const { call, request: requestId, failed } = codes;
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
      if (!isQuiet(error)) message.error(`${failed}${errorText(error)}`);
      return false;
    }
  };
  const request = async () => {
    const schema = await requestSchema(requestId);
    // The mobile's own row is the generated form's: its problem is said here, where the button is.
    const problem = await fieldProblem(schema, "mobile", { mobile });
    if (problem) {
      form.setFields([{ name: "auth_code", errors: [problem] }]);
      return false;
    }
    const captchaProblem = (authcode: string | undefined) => fieldProblem(schema, "authcode", { authcode });
    return smsCodeRequester(form, call, captcha, "auth_code", ask, captchaProblem)();
  };

  return (
    <Form form={form} component={false} {...rows} initialValues={{ auth_code: value ?? "" }} onValuesChange={(changed: { auth_code?: string }) => "auth_code" in changed && onChange(changed.auth_code || undefined)}>
      <Form.Item name="mobile" hidden>
        <Input />
      </Form.Item>
      <CaptchaField label="图形验证码" src={captcha.src} onRefresh={captcha.refresh} />
      <SmsCodeField label="验证码" name="auth_code" placeholder={placeholder || "请输入验证码"} onRequest={request} />
    </Form>
  );
}

/** The widget asking for `codes`, for an area's `widgets`. */
export const captchaCodeWidget = (codes: SmsCodeRequest) =>
  function SmsCodeWidget(props: WidgetProps) {
    return <SmsCode {...props} codes={codes} />;
  };
