import type { Modal } from "antd";
import { useRef, useState } from "react";
import type { FormSave } from "../../resources/kernel/form-page";
import { HttpRequestError } from "../../providers/http";
import { formSaveFailureText } from "./form-save-failure";
import type { FormValues } from "./form-values";
import { useCallMutation } from "../lib/use-call";

/** The page's confirmations (Modal.useModal), so they carry its theme and locale. */
export type ModalApi = ReturnType<typeof Modal.useModal>[0];

const confirmed = (modal: ModalApi, content: string) =>
  new Promise<boolean>((resolve) =>
    modal.confirm({ title: "提示", content, okText: "确定", cancelText: "取消", onOk: () => resolve(true), onCancel: () => resolve(false) }),
  );

const picked = (values: FormValues, fields?: readonly string[]) => (fields ? Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]])) : values);

/**
 * Saves a full-page form through the one data provider (Refine's custom mutation naming the call):
 * asks the declared confirmation first, sends the declared fields, and has the notification
 * provider say the declared success or failure. A field the server names gets its message under it.
 */
export function useFormPageSave(save: FormSave, modal: ModalApi) {
  const { send, busy } = useCallMutation();
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  // Enter pressed again while a save is on its way must not send it twice.
  const inFlight = useRef(false);
  const answered = useRef<unknown>(undefined);

  async function run(values: FormValues): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      if (save.confirm && Number(values[save.confirm.field] ?? 0) > 0 && !(await confirmed(modal, save.confirm.text))) return false;
      setServerErrors(undefined);
      const chosen = save.callBy ? String(values[save.callBy.field] ?? "") : "";
      const call = (save.callBy && Object.hasOwn(save.callBy.calls, chosen) && save.callBy.calls[chosen]) || save.call;
      const words = (save.callBy?.words && Object.hasOwn(save.callBy.words, chosen) && save.callBy.words[chosen]) || save;
      answered.current = await send(call, picked(values, save.send), {
        successNotification: () => ({ type: "success", message: words.success }),
        errorNotification: (error) => {
          const text = formSaveFailureText(words.failure, error);
          return text === null ? false : { type: "error", message: text };
        },
      });
      return true;
    } catch (error) {
      if (error instanceof HttpRequestError && error.errors) setServerErrors(error.errors);
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  return { save: run, saving: busy, serverErrors, clearServerErrors: () => setServerErrors(undefined), answer: () => answered.current };
}
