import type { Modal } from "antd";
import { useRef, useState } from "react";
import { insufficientBalanceCode, liveApi, liveMessages } from "../../../../resources/lives/live-api";
import { errorText, HttpRequestError } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";
import type { FormValues } from "../../../engine/form-values";
import { useCallMutation } from "../../../lib/use-call";
import type { LiveFormMode } from "./use-live-form";

/** The confirmations of the page (Modal.useModal), so they carry its theme and locale. */
type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * What a refused add tells a person (2 §8): at the arrears limit (the data provider's error carries
 * the server's code 918) 当前余额不足，请尽快充值！, anything else 课程创建失败，请联系管理员！.
 * A refused change shows the server's words (2 §8: modify failures show the server message).
 */
export function saveFailureText(mode: LiveFormMode, error: unknown): string | null {
  if (isQuiet(error)) return null;
  if (mode === "edit") return errorText(error);
  return error instanceof HttpRequestError && error.code === insufficientBalanceCode ? liveMessages.insufficientBalance : liveMessages.createFailed;
}

const confirmed = (modal: ModalApi, content: string) =>
  new Promise<boolean>((resolve) =>
    modal.confirm({ title: "提示", content, okText: "确定", cancelText: "取消", onOk: () => resolve(true), onCancel: () => resolve(false) }),
  );

/**
 * Adds or changes a live through the one data provider (Refine's custom mutation naming the
 * call), after 确认创建该直播为仿真直播，一旦创建不可修改直播类型 when a template is chosen (2 §5).
 * Success and failure words go through the notification provider; a field the server names gets
 * its message under it.
 */
export function useLiveSave(mode: LiveFormMode, modal: ModalApi) {
  const { send, busy } = useCallMutation();
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  // Enter pressed again while a save is on its way must not send it twice.
  const inFlight = useRef(false);

  async function save(values: FormValues): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      if (mode === "create" && Number(values.emulateid ?? 0) > 0 && !(await confirmed(modal, liveMessages.confirmEmulate))) return false;
      setServerErrors(undefined);
      await send(mode === "create" ? liveApi.create : liveApi.update, values, {
        successNotification: () => ({ type: "success", message: mode === "create" ? "添加成功" : "修改成功" }),
        errorNotification: (error) => {
          const text = saveFailureText(mode, error);
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

  return { save, saving: busy, serverErrors, clearServerErrors: () => setServerErrors(undefined) };
}
