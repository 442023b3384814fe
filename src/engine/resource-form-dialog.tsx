import type { BaseRecord } from "@refinedev/core";
import type { RegistryWidgetsType } from "@rjsf/utils";
import { Modal } from "antd";
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import { reportError } from "../../providers/notify";
import { createValues, editValues } from "./form-data";
import { loadForm, type FormDefinition } from "./form-schemas";
import type { FormValues } from "./form-values";
import type { FormHandle, SchemaFormProps } from "./schema-form";
import { useEngineRegistry } from "./registry";
import { applyTransforms } from "./transforms";
import { useInterCheck } from "./use-inter-check";
import { useRecordSave, type FormMode } from "./use-record-save";

// RJSF and ajv load with the first dialog, not with the list: the opener fetches them alongside
// the interaction check and the form's files, so the dialog does not wait any longer for them.
const loadSchemaForm = () => import("./schema-form");
const SchemaForm = lazy(() => loadSchemaForm().then((module) => ({ default: module.SchemaForm })));

export interface OpenedForm {
  /** Changes with every opening, so each dialog starts from its own values. */
  serial: number;
  mode: FormMode;
  record?: BaseRecord;
  definition: FormDefinition;
}

/**
 * Opens add and edit dialogs: the interaction check the console makes first (1 §7, its answer
 * ignored) and the form's schema files load together; the dialog shows once both are in.
 */
export function useFormOpener(decl: ResourceDecl) {
  const [opening, setOpening] = useState<string | null>(null);
  const [form, setForm] = useState<OpenedForm | null>(null);
  const [visible, setVisible] = useState(false);
  const serial = useRef(0);
  const check = useInterCheck();

  async function open(mode: FormMode, record?: BaseRecord) {
    const id = decl.forms[mode];
    if (!id) return;
    setOpening(mode === "create" ? "create" : String(record?.[decl.id]));
    try {
      const [definition] = await Promise.all([loadForm(id, decl.formLabels), loadSchemaForm(), check()]);
      serial.current += 1;
      setForm({ serial: serial.current, mode, record, definition });
      setVisible(true);
    } catch (error) {
      reportError(error, "表单加载失败：");
    } finally {
      setOpening(null);
    }
  }

  return {
    open,
    /** "create", or the id of the row whose edit dialog is loading. */
    opening,
    form,
    visible,
    close: () => setVisible(false),
    /** After the closing animation: forget the form so the next opening starts clean. */
    closed: () => setForm(null),
  };
}

/**
 * The first input a person would type in: the dialog puts the caret there on opening, unless the
 * caret is already in one of its fields (a person quicker than the opening animation).
 */
export function focusFirstField(container: HTMLElement | null) {
  if (!container || container.contains(document.activeElement)) return;
  const field = container.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]):not([type=checkbox]), textarea:not([disabled])");
  field?.focus();
}

/**
 * A form dialog's caret: in its first field once the opening animation has ended, or when the form
 * renders after that, never before. antd's dialog notes the control that opened it (to hand it the
 * caret back on closing) in an effect that runs after its content's; a form whose code is already
 * loaded renders with the dialog, and a caret its first effect put in the field was taken for the
 * opener, so every dialog after the first left the caret on <body> when it closed.
 */
export function useDialogCaret() {
  const body = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  return {
    body,
    afterOpenChange: (open: boolean) => {
      opened.current = open;
      if (open) focusFirstField(body.current);
    },
    onMounted: () => {
      if (opened.current) focusFirstField(body.current);
    },
  };
}

export interface ResourceFormDialogProps {
  decl: ResourceDecl;
  form: OpenedForm;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  /** After a save (the resource's lists are already invalidated). */
  onSaved?: () => void;
  /** Widgets of the resource's own page that its `*.ui.json` names. */
  widgets?: RegistryWidgetsType;
}

/**
 * The add or edit dialog of a resource, drawn by RJSF from `forms.create` / `forms.edit`. Its own
 * 确定 and 取消 submit and cancel; Enter submits and Esc cancels; the first field has the caret.
 */
export function ResourceFormDialog({ decl, form, open, onClose, afterClose, onSaved, widgets }: ResourceFormDialogProps) {
  const { mode, record, definition } = form;
  const { save, saving, serverErrors, clearServerErrors } = useRecordSave(decl, mode, record);
  const registered = useEngineRegistry().widgets;
  const allWidgets = useMemo(() => ({ ...registered, ...widgets }), [registered, widgets]);
  const tidy = useMemo(() => (decl.transforms ? (values: FormValues) => applyTransforms(decl, values) : undefined), [decl]);
  const initialData = useMemo(
    () => (mode === "create" || !record ? createValues(definition) : editValues(decl, definition, record)),
    [decl, definition, mode, record],
  );
  const width = (definition.uiSchema["ui:options"]?.width as number | undefined) ?? 520;

  return (
    <SchemaFormModal
      open={open}
      title={definition.schema.title}
      width={width}
      saving={saving}
      onCancel={onClose}
      afterClose={afterClose}
      formKey={form.serial}
      form={{
        definition,
        initialData,
        serverErrors,
        onServerErrorsSeen: clearServerErrors,
        widgets: allWidgets,
        tidy,
        onSubmit: async (values) => {
          if (await save(values, initialData)) {
            onSaved?.();
            onClose();
          }
        },
      }}
    />
  );
}

/** What a form dialog hands its form; the dialog keeps the form's handle and the caret itself. */
export type DialogFormProps = Omit<SchemaFormProps, "formRef" | "onMounted">;

export interface SchemaFormModalProps {
  open: boolean;
  title: ReactNode;
  width?: number;
  saving: boolean;
  onCancel: () => void;
  afterClose?: () => void;
  /** The form starts afresh, from its initial data, whenever this changes. */
  formKey: string | number;
  /** The form, drawn once its definition is in; null: not yet. */
  form: DialogFormProps | null;
}

/**
 * The engine's one form dialog, around an RJSF form: its own 确定 submits the form and 取消 cancels,
 * Enter submits and Esc cancels, a click beside it changes nothing, and the first field has the
 * caret. Every add, change and settings dialog is this one.
 */
export function SchemaFormModal({ open, title, width, saving, onCancel, afterClose, formKey, form }: SchemaFormModalProps) {
  const formRef = useRef<FormHandle>(null);
  const caret = useDialogCaret();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={() => formRef.current?.submit()}
      onCancel={onCancel}
      afterClose={afterClose}
      afterOpenChange={caret.afterOpenChange}
    >
      <div ref={caret.body} style={{ paddingTop: 8 }}>
        {form && (
          <Suspense fallback={null}>
            <SchemaForm key={formKey} {...form} formRef={formRef} onMounted={caret.onMounted} />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}
