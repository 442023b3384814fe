import { Button, Card, Result, Space, Spin } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../resources/define";
import { authApi } from "../../resources/auth";
import { errorText, request } from "../../providers/http";
import { AccessGate } from "./access-gate";
import { createValues } from "./form-data";
import { loadForm, type FormDefinition } from "./form-schemas";
import { focusFirstField } from "./resource-form-dialog";
import type { FormValues } from "./form-values";
import { SchemaForm, type FormHandle } from "./schema-form";
import { useEngineRegistry } from "./registry";
import { applyTransforms } from "./transforms";
import { useRecordSave } from "./use-record-save";

/** A resource's create form as a page of its own (`createRoute`, e.g. /createAdmin of 1 §2.4). */
export function ResourceCreatePage({ decl }: { decl: ResourceDecl }) {
  return (
    <AccessGate menuKey={decl.menu.key}>
      <CreateForm decl={decl} />
    </AccessGate>
  );
}

function CreateForm({ decl }: { decl: ResourceDecl }) {
  const navigate = useNavigate();
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<FormHandle>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const { save, saving, serverErrors, clearServerErrors } = useRecordSave(decl, "create");
  const { widgets } = useEngineRegistry();
  const tidy = useMemo(() => (decl.transforms ? (values: FormValues) => applyTransforms(decl, values) : undefined), [decl]);
  const initialData = useMemo(() => (definition ? createValues(definition) : {}), [definition]);

  useEffect(() => {
    let live = true;
    setFailure(null);
    // The same interaction check as before an add dialog (1 §7); its answer is ignored.
    Promise.all([loadForm(decl.forms.create!), request(authApi.interCheck).catch(() => undefined)])
      .then(([loaded]) => live && setDefinition(loaded))
      .catch((error: unknown) => live && setFailure(errorText(error)));
    return () => {
      live = false;
    };
  }, [decl, attempt]);

  const back = () => navigate(decl.route);

  if (failure) {
    return (
      <Card>
        <Result status="error" title="表单加载失败" subTitle={failure} extra={<Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>} />
      </Card>
    );
  }
  if (!definition) {
    return (
      <Card>
        <div style={{ padding: "64px 0", textAlign: "center" }}>
          <Spin />
        </div>
      </Card>
    );
  }
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
            if (await save(values)) back();
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
