import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { message } from "antd";
import { errorText, HttpRequestError } from "./http";

/**
 * Refine's notification provider for the console: every success and failure a Refine hook
 * reports shows as one antd toast, in the words the caller gave (添加成功, the server's msg,
 * 删除商品失败…). Refine's own default words are English, so hooks pass theirs (the engine does);
 * where only a description is given with a failure, the description (the server's msg) is shown.
 */
export const notificationProvider: NotificationProvider = {
  open({ key, type, message: title, description }: OpenNotificationParams) {
    // "progress" is Refine's undoable countdown; the console makes no undoable mutations.
    if (type === "progress") return;
    const content = type === "error" && description ? description : title;
    void message.open({ key, type, content });
  },
  close: (key) => message.destroy(key),
};

/** Whether a failure is one to tell a person of at all: timeouts and 401s are not (1 §8). */
export const isQuiet = (error: unknown) => error instanceof HttpRequestError && error.quiet;

/**
 * Shows a failure outside a Refine hook (pages not yet moved to the hooks, sign-in pages), unless it
 * is one nobody is told of.
 */
export function reportError(error: unknown, prefix = ""): void {
  if (isQuiet(error)) return;
  message.error(prefix + errorText(error));
}
