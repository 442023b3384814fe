import type { RegistryWidgetsType } from "@rjsf/utils";
import { Alert, Button, Modal, Spin } from "antd";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { errorText } from "../../../../providers/http";
import { loadForm, type FormDefinition } from "../../../engine/form-schemas";
import type { FormValues } from "../../../engine/form-values";
import { useDialogCaret } from "../../../engine/resource-form-dialog";
import type { FormHandle } from "../../../engine/schema-form";

// RJSF and ajv load with the first such dialog, not with the list.
const SchemaForm = lazy(() => import("../../../engine/schema-form").then((module) => ({ default: module.SchemaForm })));

/** A form's files by its schema `$id`, loaded when first asked for, with a retry after a failure. */
function useFormDefinition(id: string, wanted: boolean) {
  const [state, setState] = useState<{ definition?: FormDefinition; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadForm(id)
      .then((definition) => live && setState({ definition }))
      .catch((error: unknown) => live && setState({ error: errorText(error) }));
    return () => {
      live = false;
    };
  }, [id, wanted, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

export interface SchemaDialogProps {
  /** The form's schema `$id` (schemas/<feature>/<id>.schema.json and its .ui.json). */
  form: string;
  open: boolean;
  /** Values to start from (an edited record's). */
  initialData: FormValues;
  /** Saves; resolves true to close the dialog. Messages are the caller's (Refine's notifications). */
  onSubmit: (values: FormValues) => Promise<boolean>;
  onClose: () => void;
  saving: boolean;
  /** Widgets the form's .ui.json names beyond the engine's. */
  widgets?: RegistryWidgetsType;
  /** Above the form (what it is about). */
  intro?: ReactNode;
  /** The values to start from are still on their way: the form waits for them. */
  waiting?: boolean;
  /** The server's words for fields it refused, shown under them until the field changes. */
  serverErrors?: Record<string, string>;
  onServerErrorsSeen?: () => void;
}

/**
 * A dialog holding one RJSF form of schemas/ with the engine's validator: 确定 submits (so does
 * Enter), 取消 and Esc close, the first field takes the caret. For the live pages' own forms (the
 * audience base, the sub-class form), which save through calls of their own.
 */
export function SchemaDialog({ form, open, initialData, onSubmit, onClose, saving, widgets, intro, waiting = false, serverErrors, onServerErrorsSeen }: SchemaDialogProps) {
  const { definition, error, retry } = useFormDefinition(form, open);
  const formRef = useRef<FormHandle>(null);
  const caret = useDialogCaret();
  const width = (definition?.uiSchema["ui:options"]?.width as number | undefined) ?? 480;
  return (
    <Modal
      open={open}
      title={definition?.schema.title}
      width={width}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !definition || waiting }}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      afterOpenChange={caret.afterOpenChange}
    >
      <div ref={caret.body} style={{ paddingTop: 8 }}>
        {intro}
        {error ? (
          <Alert type="error" showIcon message={`表单加载失败：${error}`} action={<Button size="small" onClick={retry}>重试</Button>} />
        ) : !definition || waiting ? (
          <Spin />
        ) : (
          <Suspense fallback={<Spin />}>
            <SchemaForm
              definition={definition}
              initialData={initialData}
              formRef={formRef}
              widgets={widgets}
              serverErrors={serverErrors}
              onServerErrorsSeen={onServerErrorsSeen}
              onMounted={caret.onMounted}
              onSubmit={async (values) => {
                if (await onSubmit(values)) onClose();
              }}
            />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}
