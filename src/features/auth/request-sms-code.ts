import { message, type FormInstance } from "antd";
import { defaultAreaCode } from "../../../resources/auth/auth";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { request } from "../../../providers/http";
import { reportError } from "../../../providers/notify";
import { captchaProblem } from "./login-schemas";
import type { Captcha } from "./use-captcha";

/**
 * The 获取验证码 action of quick login, registration, retrieval and the portal's phone change
 * (1 §4, §5; `ask` sends and says how it went): the mobile
 * by the form's own rules, then the graphic captcha of that very mobile, and only then the
 * request. Only what the request lacks is marked: the SMS code field's own message goes,
 * since no code is needed to ask for one.
 */
export function smsCodeRequester(
  form: FormInstance,
  endpoint: Endpoint,
  captcha: Captcha,
  codeField = "auth_code",
  ask: (endpoint: Endpoint, body: Record<string, unknown>) => Promise<boolean> = askForSmsCode,
  /** The captcha's message by the request's own schema, where it words it otherwise (请输入图形验证码, 3 §5). */
  captchaCheck: (authcode: string | undefined) => Promise<string | null> = captchaProblem,
): () => Promise<boolean> {
  const mark = (problem: string | null) => form.setFields([{ name: "authcode", errors: problem ? [problem] : [] }]);
  return async () => {
    form.setFields([{ name: codeField, errors: [] }]);
    try {
      await form.validateFields(["mobile"]);
    } catch {
      return false;
    }
    const mobile = form.getFieldValue("mobile") as string;
    // No image yet, or one for another mobile (the field changed since): show this mobile's.
    const current = captcha.shown && captcha.mobile === mobile;
    if (!current) captcha.refresh();
    const authcode = current ? (form.getFieldValue("authcode") as string | undefined) : "";
    const problem = await captchaCheck(authcode);
    mark(problem);
    if (problem) return false;
    const sent = await ask(endpoint, { area_code: defaultAreaCode, mobile, authcode });
    // Right or wrong, the server has spent that answer: the next request needs a new image.
    captcha.refresh();
    return sent;
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
