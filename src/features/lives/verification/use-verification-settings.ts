import { useNotification } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { liveMessages, validatorApi, type ValidatorSettings } from "../../../../resources/lives/live-api";
import { defaultValidatorSettings, validatorMessages } from "../../../../resources/lives/live-validator";
import { errorText } from "../../../../providers/http";
import { isQuiet } from "../../../../providers/notify";
import { useCall } from "../../../lib/use-call";
import type { ValidatorService } from "./use-validator-service";

export type SettingsPhase = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; settings: ValidatorSettings };

/**
 * The live's settings (its single record on the validator service), read through Refine's
 * `useCustom` once its token is in. A live with none yet gets the default of 2 §4 (no password, no
 * registration) saved at once, so what the drawer shows is what viewers meet. A failed read says
 * 获取校验方式数据失败 and can be tried again.
 */
export function useVerificationSettings(service: ValidatorService) {
  const { open } = useNotification();
  // The read keeps the token it was first sent with: the token's refresh every 25 minutes must not
  // read the settings again under a person's edits. 重试 takes the newest.
  const [readWith, setReadWith] = useState<string | null>(null);
  useEffect(() => {
    if (service.state === "ready" && readWith === null) setReadWith(service.token);
  }, [service.state, service.token, readWith]);
  const read = useCall<ValidatorSettings | null>(validatorApi.get, { roomid: service.liveId, token: readWith ?? "" }, { enabled: readWith !== null });
  const [defaulted, setDefaulted] = useState<ValidatorSettings | "failed" | null>(null);
  const latest = useRef(service);
  latest.current = service;

  const answered = read.answer !== undefined && !read.loading;
  const none = answered && read.answer?.data == null;
  useEffect(() => {
    if (!none || defaulted !== null) return;
    let current = true;
    latest.current.send<ValidatorSettings>(validatorApi.save, { ...defaultValidatorSettings }).then(
      (saved) => current && setDefaulted(saved.data ?? defaultValidatorSettings),
      (error: unknown) => {
        if (!current) return;
        setDefaulted("failed");
        if (!isQuiet(error)) open?.({ type: "error", message: liveMessages.validatorLoadFailed, description: `${liveMessages.validatorLoadFailed}：${errorText(error)}` });
      },
    );
    return () => {
      current = false;
    };
  }, [none, defaulted, open]);

  const failure = read.error && !read.loading ? read.error : null;
  useEffect(() => {
    if (failure && !isQuiet(failure)) open?.({ type: "error", message: liveMessages.validatorLoadFailed, description: `${liveMessages.validatorLoadFailed}：${errorText(failure)}` });
  }, [failure, open]);

  const phase: SettingsPhase = failure || defaulted === "failed"
    ? { kind: "failed" }
    : answered && read.answer?.data
      ? { kind: "ready", settings: read.answer.data }
      : defaulted
        ? { kind: "ready", settings: defaulted }
        : { kind: "loading" };

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

  const retry = () => {
    setDefaulted(null);
    if (service.token && service.token !== readWith) setReadWith(service.token);
    else read.retry();
  };
  return { phase, retry, save };
}
