import { message, type FormInstance } from "antd";
import { portalMessages } from "../../../../resources/portal/portal";
import { HttpRequestError } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";

/**
 * A refused change as 2 §8 words it: 网络异常 when no answer came, else `prefix` and the server's
 * code (修改失败 #1: the spec's message carries the code, so this shows it, never branches on it).
 * The server's own words go under the field it names, or under `fallbackField`.
 */
export function reportChangeFailure(error: unknown, form: FormInstance, prefix: string, fallbackField: string) {
  if (isQuiet(error)) return;
  if (!(error instanceof HttpRequestError) || error.statusCode === 0) {
    message.error(portalMessages.network);
    return;
  }
  message.error(error.code === undefined ? `${prefix}：${error.message}` : `${prefix} #${error.code}`);
  const [field, text] = Object.entries(error.errors ?? {})[0] ?? [fallbackField, error.message];
  form.setFields([{ name: field, errors: [text] }]);
}
