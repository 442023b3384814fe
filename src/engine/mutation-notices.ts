import type { OpenNotificationParams } from "@refinedev/core";
import type { ResourceDecl } from "../../resources/kernel/define";
import { errorText, HttpRequestError } from "../../providers/http";
import { isQuiet } from "../../providers/notify";

export type Operation = "create" | "update" | "remove";

/**
 * What removing a record is called: 删除, or 作废 for a resource that voids its records one way
 * (its table's softDelete; 2 §4, §8: 作废成功), in the row action, its confirmation and its success.
 */
export function removalWords(decl: ResourceDecl) {
  const verb = decl.table?.softDelete ? "作废" : "删除";
  return {
    action: verb,
    confirm: (name: string) => (decl.table?.softDelete ? `确定要作废${decl.noun}「${name}」吗？作废后不可恢复` : `确定删除${decl.noun}「${name}」吗？`),
    done: `${verb}成功`,
  };
}

const successText = (decl: ResourceDecl): Record<Operation, string> => ({ create: "添加成功", update: "修改成功", remove: removalWords(decl).done });

/** What a failed add, change or removal tells a person (1 §8, 2 §8), or null for silence. */
export function failureText(decl: ResourceDecl, operation: Operation, error: unknown): string | null {
  if (isQuiet(error)) return null;
  // The spec's own words for a resource (删除商品失败) replace the server's, whatever went wrong.
  const declared = decl.failureMessages?.[operation];
  if (declared) return declared;
  // A failed transport or status is always told; a refusal as the declaration says: by default an
  // add or change shows the server's msg and a deletion says nothing.
  const refused = error instanceof HttpRequestError && error.refused;
  if (refused && !(decl.failureToasts?.[operation] ?? operation !== "remove")) return null;
  return errorText(error);
}

/** The notifications a Refine mutation of `decl` hands the notification provider (providers/notify.ts). */
export function mutationNotices(decl: ResourceDecl, operation: Operation) {
  return {
    // An add says what the server said when it says more (添加成功，该手机号已注册，已沿用其原密码).
    successNotification: (answer?: unknown): OpenNotificationParams => ({
      type: "success",
      message: (operation === "create" && (answer as { msg?: string } | undefined)?.msg) || successText(decl)[operation],
    }),
    errorNotification: (error?: unknown): OpenNotificationParams | false => {
      const text = failureText(decl, operation, error);
      return text === null ? false : { type: "error", message: text };
    },
  };
}
