import { useNotification } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { liveMessages, validatorApi, type ValidatorSettings } from "../../../../resources/lives/live-api";
import { defaultValidatorSettings, validatorMessages } from "../../../../resources/lives/live-validator";
import { errorText } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";
import type { ValidatorService } from "./use-validator-service";

export type SettingsPhase = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; settings: ValidatorSettings };

/**
 * The live's settings, read once its token is in. A live with none yet gets the default of 2 §4
 * (no password, no registration) saved at once, so what the drawer shows is what viewers meet.
 * A failed read says 获取校验方式数据失败 and can be tried again.
 */
export function useVerificationSettings(service: ValidatorService) {
  const { open } = useNotification();
  const [phase, setPhase] = useState<SettingsPhase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The read follows the token's arrival and 重试, never the identity of the service's functions.
  const latest = useRef(service);
  latest.current = service;
  const ready = service.state === "ready";

  useEffect(() => {
    if (!ready) return;
    let current = true;
    setPhase({ kind: "loading" });
    (async () => {
      const { read, send } = latest.current;
      const answer = await read<ValidatorSettings | null>(validatorApi.get);
      const settings = answer.data ?? (await send<ValidatorSettings>(validatorApi.save, { ...defaultValidatorSettings })).data ?? defaultValidatorSettings;
      if (current) setPhase({ kind: "ready", settings });
    })().catch((error: unknown) => {
      if (!current) return;
      setPhase({ kind: "failed" });
      if (!isQuiet(error)) open?.({ type: "error", message: liveMessages.validatorLoadFailed, description: `${liveMessages.validatorLoadFailed}：${errorText(error)}` });
    });
    return () => {
      current = false;
    };
  }, [ready, attempt, open]);

  /** Saves the settings; resolves to them as stored (the introduction cleaned), or rejects having said why. */
  const save = useCallback(async (settings: ValidatorSettings): Promise<ValidatorSettings> => {
    try {
      const answer = await latest.current.send<ValidatorSettings>(validatorApi.save, { ...settings });
      open?.({ type: "success", message: answer.msg && answer.msg !== "ok" ? answer.msg : validatorMessages.saved });
      return answer.data ?? settings;
    } catch (error) {
      if (!isQuiet(error)) open?.({ type: "error", message: "保存失败", description: errorText(error) });
      throw error;
    }
  }, [open]);

  return { phase, retry: () => setAttempt((n) => n + 1), save };
}
