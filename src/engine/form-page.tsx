import type { BaseRecord } from "@refinedev/core";
import { Button, Card, Modal, Result, Space, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { FormPageDecl } from "../../resources/kernel/form-page";
import { errorText } from "../../providers/http";
import { useCall } from "../lib/use-call";
import { AccessGate } from "./access-gate";
import { useFormPageAfter } from "./form-page-after";
import { stableText, useFormDefinition } from "./form-page-load";
import type { FormSetup, FormSetupState } from "./form-page-parts";
import type { FormDefinition } from "./form-schemas";
import { sectionedTemplate } from "./form-sections";
import { focusFirstField } from "./resource-form-dialog";
import { createValues, editValues } from "./form-data";
import { useEngineRegistry } from "./registry";
import { SchemaForm, type FormHandle, type FormValues } from "./schema-form";
import { savesThroughResource, useFormSave } from "./use-form-save";

const whole = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

function Loading() {
  return (
    <div style={{ padding: "64px 0", textAlign: "center" }}>
      <Spin />
    </div>
  );
}

/**
 * A routed full-page form drawn from its declaration (resources/kernel/form-page.ts): the card,
 * the access check, the address's parameters, then the form once its definition and record are in.
 */
export function FormPage({ decl }: { decl: FormPageDecl }) {
  const [search] = useSearchParams();
  const paramsText = (decl.params ?? []).map((name) => `${name}=${whole(search.get(name))}`).join("&");
  const params = useMemo(() => Object.fromEntries([...new URLSearchParams(paramsText)].map(([k, v]) => [k, Number(v)])), [paramsText]);
  const missing = decl.required && !params[decl.required.param] ? decl.required.missing : null;
  const body = missing ? <Result status="warning" title={missing} /> : <FormPageBody decl={decl} params={params} />;
  return (
    <Card title={decl.title} style={decl.width ? { maxWidth: decl.width } : undefined}>
      {decl.access ? <AccessGate menuKey={decl.access}>{body}</AccessGate> : body}
    </Card>
  );
}

const noDefinition: FormDefinition = { schema: {}, uiSchema: {} };

/** The object a JSON text holds; an empty one for text that holds none (the form then starts empty). */
function objectOfText(text: unknown): BaseRecord {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as BaseRecord) : {};
  } catch {
    return {};
  }
}

/**
 * Without a named setup: the record's fields the form names (as the resource names them, for a
 * resource's page), or a new record's values (a permission tree's defaults).
 */
const usePlainSetup: FormSetup = ({ definition, record, resource }) =>
  useMemo(() => {
    const fields = Object.keys((definition.schema.properties as object | undefined) ?? {});
    const named = (row: BaseRecord) => Object.fromEntries(fields.filter((field) => row[field] !== undefined).map((field) => [field, row[field]]));
    const initialData = !record ? createValues(definition) : resource ? editValues(resource, definition, record) : named(record);
    return { status: "ready", definition, initialData };
  }, [definition, record, resource]);

/**
 * The form of a declaration without its card: a page's, a tab's (src/engine/tabbed-forms-page.tsx),
 * or a dialog's (src/engine/record-page.tsx), whose `onBack` stands for going back: closing it.
 */
export function FormPageBody({ decl, params, onBack }: { decl: FormPageDecl; params: Record<string, number>; onBack?: () => void }) {
  const { widgets, panels, formSetups } = useEngineRegistry();
  // A form reset after saving is a new one: its fields, and its widgets' own state (a code's wait), start over.
  const [round, setRound] = useState(0);
  // `after: "reread"`: the form starts again once the record read anew has arrived.
  const [rereading, setRereading] = useState<number | null>(null);
  const useSetup = decl.setup ? formSetups[decl.setup] : usePlainSetup;
  if (!useSetup) throw new Error(`form page: setup "${decl.setup}" is not registered`);
  const resource = savesThroughResource(decl.save) ? decl.save.resource : undefined;
  const definition = useFormDefinition(decl.form, !!decl.interCheck, resource?.formLabels ?? decl.formLabels);
  const readQuery = useMemo(() => Object.fromEntries(Object.entries(decl.read?.query ?? {}).map(([key, param]) => [key, params[param]])), [decl.read, params]);
  const read = useCall<BaseRecord>(decl.read?.call, readQuery);
  const answered = read.answer?.data;
  // A record carried as JSON text (`json`): the form starts from the object the text holds.
  const record = useMemo(() => (decl.json && answered ? objectOfText(answered[decl.json]) : answered), [decl.json, answered]);
  useEffect(() => {
    if (rereading === null || read.updatedAt === rereading || read.loading) return;
    setRereading(null);
    setRound((n) => n + 1);
  }, [rereading, read.updatedAt, read.loading]);
  const setup: FormSetupState = useSetup({ kind: decl.kind, params, record, resource, definition: definition.loaded ?? noDefinition });
  const state: FormSetupState = definition.failure
    ? { status: "failed", title: decl.read?.failed ?? "表单加载失败", message: definition.failure, retry: definition.retry }
    : decl.read && read.error && !record
      ? { status: "failed", title: decl.read.failed, message: errorText(read.error), retry: read.retry }
      : !definition.loaded || (decl.read && !record)
        ? { status: "loading" }
        : setup;
  const retry = () => {
    if (state.status !== "failed") return;
    definition.retry();
    if (decl.read) read.retry();
    state.retry();
  };
  if (state.status === "failed") return <Result status="error" title={state.title} subTitle={state.message} extra={<Button onClick={retry}>重试</Button>} />;
  if (state.status === "loading") return <Loading />;
  const reread = () => {
    setRereading(read.updatedAt);
    read.retry();
  };
  // A settings record saved is read again: every part of the app showing it (the overview's low-balance style) shows what was saved.
  const onSaved = decl.kind === "single" && decl.read && decl.save.after !== "reread" ? read.retry : undefined;
  return <ReadyForm key={round} onReset={() => setRound((n) => n + 1)} onSaved={onSaved} onReread={reread} onBack={onBack} decl={decl} params={params} record={record} definition={state.definition} initialData={state.initialData} widgets={widgets} panels={panels} />;
}

type ReadyProps = Pick<FormSetupState & { status: "ready" }, "definition" | "initialData"> & {
  decl: FormPageDecl;
  params: Record<string, number>;
  record?: BaseRecord;
  widgets: ReturnType<typeof useEngineRegistry>["widgets"];
  panels: ReturnType<typeof useEngineRegistry>["panels"];
  onReset: () => void;
  onSaved?: () => void;
  onReread: () => void;
  onBack?: () => void;
};

function ReadyForm({ decl, params, record, definition, initialData, widgets, panels, onReset, onSaved, onReread, onBack }: ReadyProps) {
  const formRef = useRef<FormHandle>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [modal, modalHolder] = Modal.useModal();
  const { save, saving, serverErrors, clearServerErrors, tidy, answer } = useFormSave({ decl, record, modal });
  const { back, after } = useFormPageAfter(decl, params, onReset, onReread, onBack);
  const { savedParts } = useEngineRegistry();
  const partName = typeof decl.save.after === "object" ? decl.save.after.part : undefined;
  const SavedPart = partName ? savedParts[partName] : undefined;
  if (partName && !SavedPart) throw new Error(`form page: saved part "${partName}" is not registered`);
  const [shownAfter, setShownAfter] = useState<{ answer: unknown; values: FormValues } | null>(null);
  // What the server holds: 确定 of a `changedOnly` form compares the values with it.
  const saved = useRef(stableText(initialData));
  const [current, setCurrent] = useState<string | null>(null);
  const objectTemplate = useMemo(() => (decl.sections ? sectionedTemplate(decl.sections, panels, { params, record }) : undefined), [decl.sections, panels, params, record]);
  const changed = current !== null && current !== saved.current;
  return (
    <div ref={bodyRef} id={decl.name} style={{ maxWidth: 880 }}>
      {modalHolder}
      {decl.intro && <Typography.Paragraph type="secondary">{decl.intro}</Typography.Paragraph>}
      {decl.above?.map((name) => {
        const Panel = panels[name];
        if (!Panel) throw new Error(`form page: panel "${name}" is not registered`);
        return <Panel key={name} values={initialData} params={params} record={record} />;
      })}
      <SchemaForm
        definition={definition}
        initialData={initialData}
        formRef={formRef}
        widgets={widgets}
        tidy={tidy}
        objectTemplate={objectTemplate}
        serverErrors={serverErrors}
        onServerErrorsSeen={clearServerErrors}
        onMounted={decl.kind === "single" ? undefined : () => focusFirstField(bodyRef.current)}
        onValuesChange={decl.save.changedOnly ? (next: FormValues) => setCurrent(stableText(next)) : undefined}
        onSubmit={async (sent) => {
          if (!(await save(sent, initialData))) return;
          saved.current = stableText(sent);
          setCurrent(saved.current);
          if (SavedPart) setShownAfter({ answer: answer?.(), values: sent });
          onSaved?.();
          after();
        }}
      />
      <Space style={decl.kind === "single" ? { marginTop: 16 } : { marginLeft: 96 }}>
        <Button type="primary" disabled={decl.save.changedOnly && !changed} loading={saving} onClick={() => formRef.current?.submit()}>
          {decl.submit ?? "确定"}
        </Button>
        {(decl.back || decl.leaveTo) && <Button onClick={back}>取消</Button>}
      </Space>
      {SavedPart && shownAfter && <SavedPart answer={shownAfter.answer} values={shownAfter.values} onClose={() => setShownAfter(null)} />}
      {decl.below?.map((name) => {
        const Panel = panels[name];
        if (!Panel) throw new Error(`form page: panel "${name}" is not registered`);
        return <Panel key={name} values={initialData} params={params} record={record} />;
      })}
    </div>
  );
}
