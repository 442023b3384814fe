import type { BaseRecord } from "@refinedev/core";
import { Button, Card, Result, Space, Spin } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import { errorText } from "../../providers/http";
import { useCall } from "../lib/use-call";
import { AccessGate } from "./access-gate";
import { createValues, editValues } from "./form-data";
import { loadForm, type FormDefinition } from "./form-schemas";
import { focusFirstField } from "./resource-form-dialog";
import type { FormValues } from "./form-values";
import { SchemaForm, type FormHandle } from "./schema-form";
import { useEngineRegistry } from "./registry";
import { useInterCheck } from "./use-inter-check";
import { applyTransforms } from "./transforms";
import { useRecordSave, type FormMode } from "./use-record-save";

/** A resource's create form as a page of its own (`createRoute`, e.g. /createAdmin of 1 §2.4). */
export function ResourceCreatePage({ decl }: { decl: ResourceDecl }) {
  return (
    <AccessGate menuKey={decl.menu.key}>
      <FormPage decl={decl} mode="create" />
    </AccessGate>
  );
}

/** The query parameter of `editRoute` that carries the record's id (`liveId` of `/changeFzLive?liveId={Id}`). */
export function idParamOf(decl: ResourceDecl): string | undefined {
  const query = decl.editRoute?.split("?")[1] ?? "";
  return [...new URLSearchParams(query)].find(([, value]) => value === `{${decl.id}}`)?.[0];
}

/**
 * A resource's edit form as a page of its own (`editRoute`, e.g. /changeFzLive?liveId of 2 §2):
 * the record is read through its `get` call by the id in the address, so the page can be reloaded.
 */
export function ResourceEditPage({ decl }: { decl: ResourceDecl }) {
  const [search] = useSearchParams();
  const param = idParamOf(decl);
  const id = Number(param ? search.get(param) : NaN);
  return (
    <AccessGate menuKey={decl.menu.key}>
      {Number.isInteger(id) && id > 0 ? (
        <EditRecord decl={decl} id={id} />
      ) : (
        <Card>
          <Result status="warning" title={`未指定要修改的${decl.noun}`} />
        </Card>
      )}
    </AccessGate>
  );
}

function EditRecord({ decl, id }: { decl: ResourceDecl; id: number }) {
  const { answer, error, retry } = useCall<BaseRecord>(decl.api.get!, { id });
  if (error)
    return (
      <Card>
        <Result status="error" title={`${decl.noun}加载失败`} subTitle={errorText(error)} extra={<Button onClick={retry}>重试</Button>} />
      </Card>
    );
  if (!answer) return <Loading />;
  return <FormPage decl={decl} mode="edit" record={answer.data} />;
}

function Loading() {
  return (
    <Card>
      <div style={{ padding: "64px 0", textAlign: "center" }}>
        <Spin />
      </div>
    </Card>
  );
}

function FormPage({ decl, mode, record }: { decl: ResourceDecl; mode: FormMode; record?: BaseRecord }) {
  const navigate = useNavigate();
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<FormHandle>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const { save, saving, serverErrors, clearServerErrors } = useRecordSave(decl, mode, record);
  const { widgets } = useEngineRegistry();
  const check = useInterCheck();
  const tidy = useMemo(() => (decl.transforms ? (values: FormValues) => applyTransforms(decl, values) : undefined), [decl]);
  const initialData = useMemo(
    () => (definition ? (mode === "edit" && record ? editValues(decl, definition, record) : createValues(definition)) : {}),
    [decl, definition, mode, record],
  );

  useEffect(() => {
    let live = true;
    setFailure(null);
    // The same interaction check as before an add or edit dialog (1 §7); its answer is ignored.
    Promise.all([loadForm(decl.forms[mode]!, decl.formLabels), check()])
      .then(([loaded]) => live && setDefinition(loaded))
      .catch((error: unknown) => live && setFailure(errorText(error)));
    return () => {
      live = false;
    };
  }, [decl, mode, attempt, check]);

  const back = () => navigate(decl.route);

  if (failure) {
    return (
      <Card>
        <Result status="error" title="表单加载失败" subTitle={failure} extra={<Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>} />
      </Card>
    );
  }
  if (!definition) return <Loading />;
  return (
    <Card title={definition.schema.title}>
      <div ref={bodyRef} style={{ maxWidth: 880 }}>
        <SchemaForm
          definition={definition}
          initialData={initialData}
          formRef={formRef}
          serverErrors={serverErrors}
          onServerErrorsSeen={clearServerErrors}
          onMounted={() => focusFirstField(bodyRef.current)}
          widgets={widgets}
          tidy={tidy}
          onSubmit={async (values) => {
            if (await save(values, initialData)) back();
          }}
        />
        <Space style={{ marginLeft: 96 }}>
          <Button type="primary" loading={saving} onClick={() => formRef.current?.submit()}>
            确定
          </Button>
          <Button onClick={back}>取消</Button>
        </Space>
      </div>
    </Card>
  );
}
