import { message, type FormInstance } from "antd";
import { defaultAreaCode } from "../../../resources/auth";
import type { Endpoint } from "../../../resources/endpoint";
import { reportError, request } from "../../../providers/http";

/**
 * The 获取验证码 action of the registration and retrieve forms: checks the mobile
 * with the form's own rules, then asks `endpoint` for a code (1 §8 texts).
 */
export function smsCodeRequester(form: FormInstance, endpoint: Endpoint): () => Promise<boolean> {
  return async () => {
    try {
      await form.validateFields(["mobile"]);
    } catch {
      return false;
    }
    return askForSmsCode(endpoint, { area_code: defaultAreaCode, mobile: form.getFieldValue("mobile") });
  };
}

/** Asks for an SMS code: 获取成功 and true when sent, else the server's msg or the error, and false. */
export async function askForSmsCode(endpoint: Endpoint, body: Record<string, unknown>): Promise<boolean> {
  try {
    const envelope = await request(endpoint, body);
    if (envelope.code === 0) {
      message.success("获取成功");
      return true;
    }
    message.error(envelope.msg);
  } catch (error) {
    reportError(error);
  }
  return false;
}
