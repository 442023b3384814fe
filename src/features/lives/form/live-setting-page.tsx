import { Button, Card, Result, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { liveApi, liveMessages, liveSettingKey } from "../../../../resources/lives/live-api";
import { parseGroupConfig } from "../../../../resources/lives/live-config";
import { errorText, HttpRequestError } from "../../../../providers/http";
import { AccessGate } from "../../../engine/access-gate";
import { loadForm, type FormDefinition } from "../../../engine/form-schemas";
import { useEngineRegistry } from "../../../engine/registry";
import { SchemaForm, type FormHandle } from "../../../engine/schema-form";
import { useCall, useCallMutation } from "../../../lib/use-call";

/** The group config as JSON text in the server's key order, so two texts of the same settings compare equal. */
const normalised = (text: unknown) => JSON.stringify(parseGroupConfig(typeof text === "string" ? text : ""));

/**
 * /liveSetting (2 §2, 3 §2.7): the organisation's live defaults, each setting with 允许自由设置
 * (its liveConfigPermissions flag) beside it; 确定 is enabled only after a change (3 §2.7), and
 * says 配置修改成功，新创建直播会使用最新配置 or 配置修改失败，请联系管理员 (3 §8).
 */
export function LiveSettingPage() {
  return (
    <Card title="直播设置">
      <AccessGate menuKey={liveSettingKey}>
        <SettingForm />
      </AccessGate>
    </Card>
  );
}

function SettingForm() {
  const stored = useCall<{ config: string }>(liveApi.groupConfig);
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<FormHandle>(null);
  const { widgets } = useEngineRegistry();
  const { send, busy } = useCallMutation();
  // What the server holds: the form starts from it and 确定 compares with it.
  const [saved, setSaved] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();

  useEffect(() => {
    let live = true;
    setFormFailure(null);
    loadForm("group-config.edit")
      .then((loaded) => live && setDefinition(loaded))
      .catch((error: unknown) => live && setFormFailure(errorText(error)));
    return () => {
      live = false;
    };
  }, [attempt]);
  const answered = stored.answer?.data.config;
  useEffect(() => {
    if (answered !== undefined && saved === null) setSaved(normalised(answered));
  }, [answered, saved]);
  const initialData = useMemo(() => ({ config: saved ?? "" }), [saved]);

  const failure = formFailure ?? (stored.error && !answered ? errorText(stored.error) : null);
  if (failure)
    return (
      <Result
        status="error"
        title="直播设置加载失败"
        subTitle={failure}
        extra={
          <Button
            onClick={() => {
              setAttempt((n) => n + 1);
              stored.retry();
            }}
          >
            重试
          </Button>
        }
      />
    );
  if (!definition || saved === null)
    return (
      <div style={{ padding: "64px 0", textAlign: "center" }}>
        <Spin />
      </div>
    );

  const changed = current !== null && current !== saved;
  return (
    <div style={{ maxWidth: 880 }}>
      <Typography.Paragraph type="secondary">新创建的直播使用以下默认设置；勾选「允许自由设置」的项目可在创建直播时单独修改，其余项目统一使用此处的设置。</Typography.Paragraph>
      <SchemaForm
        definition={definition}
        initialData={initialData}
        formRef={formRef}
        widgets={widgets}
        serverErrors={serverErrors}
        onServerErrorsSeen={() => setServerErrors(undefined)}
        onValuesChange={(values) => setCurrent(normalised(values.config))}
        onSubmit={async (values) => {
          const text = normalised(values.config);
          try {
            await send(liveApi.groupConfigSet, { config: text }, {
              successNotification: () => ({ type: "success", message: liveMessages.groupConfigSaved }),
              errorNotification: () => ({ type: "error", message: liveMessages.groupConfigFailed }),
            });
            setSaved(text);
          } catch (error) {
            if (error instanceof HttpRequestError && error.errors) setServerErrors(error.errors);
          }
        }}
      />
      <Button type="primary" disabled={!changed} loading={busy} onClick={() => formRef.current?.submit()} style={{ marginTop: 16 }}>
        确定
      </Button>
    </div>
  );
}
