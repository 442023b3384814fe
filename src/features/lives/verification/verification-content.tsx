import { useNotification } from "@refinedev/core";
import { Button, Result, Spin } from "antd";
import { useEffect } from "react";
import { liveMessages } from "../../../../resources/lives/live-api";
import { useValidatorService } from "./use-validator-service";
import { useVerificationSettings } from "./use-verification-settings";
import { VerificationForm } from "./verification-form";

export interface VerificationContentProps {
  live: { id: number; title: string };
  /** Told whether the drawer holds changes not yet saved. */
  onDirty: (dirty: boolean) => void;
}

/**
 * What the drawer holds for one live: its token first (获取webtoken失败), then its settings
 * (获取校验方式数据失败, the default saved for a live that has none), then the form. Each failure
 * says so in place, with 重试.
 */
export function VerificationContent({ live, onDirty }: VerificationContentProps) {
  const service = useValidatorService(live.id);
  const settings = useVerificationSettings(service);
  const { open } = useNotification();
  const tokenFailed = service.state === "failed";

  useEffect(() => {
    if (tokenFailed) open?.({ type: "error", message: liveMessages.tokenFailed });
  }, [tokenFailed, open]);

  if (tokenFailed || settings.phase.kind === "failed") {
    const title = tokenFailed ? liveMessages.tokenFailed : liveMessages.validatorLoadFailed;
    return (
      <Result
        status="warning"
        title={title}
        subTitle="请检查网络后重试"
        extra={
          <Button type="primary" onClick={tokenFailed ? service.retryToken : settings.retry}>
            重试
          </Button>
        }
      />
    );
  }
  if (settings.phase.kind === "loading") {
    return (
      <div style={{ padding: 96, textAlign: "center" }} aria-busy="true">
        <Spin tip="正在加载验证设置" size="large">
          <div style={{ height: 48 }} />
        </Spin>
      </div>
    );
  }
  return <VerificationForm live={live} initial={settings.phase.settings} service={service} save={settings.save} onDirty={onDirty} />;
}
