import Form from "@rjsf/antd";
import type { default as CoreForm } from "@rjsf/core";
import type { ErrorSchema, ObjectFieldTemplateProps, RegistryWidgetsType } from "@rjsf/utils";
import { message } from "antd";
import { useEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type RefObject } from "react";
import { DateTimePickerWidget } from "./date-time-widget";
import { EnumTextWidget } from "./enum-text-widget";
import { FieldTemplate } from "./field-template";
import type { FormDefinition } from "./form-schemas";
import { FormValueStore, type FormValues } from "./form-values";
import { ImageUploadWidget } from "./image-upload-widget";
import { PasswordWidget } from "./password-widget";
import { PermissionPickerWidget } from "./permission-picker";
import { WholeNumberWidget } from "./whole-number-widget";
import { formValidator, transformErrorsFor, translateZh } from "./validator";
import "./schema-form.css";

export type { FormValues };
export type FormHandle = CoreForm<FormValues>;

/**
 * Custom widgets a `*.ui.json` may name with `"ui:widget"`. A bespoke page adds its own
 * (`widgets` below), so the engine names no resource.
 */
const engineWidgets: RegistryWidgetsType = {
  permissionPicker: PermissionPickerWidget,
  dateTimePicker: DateTimePickerWidget,
  imageUpload: ImageUploadWidget,
  enumText: EnumTextWidget,
  wholeNumber: WholeNumberWidget,
  // The theme's own, replaced: its reveal is out of the tab order.
  PasswordWidget,
};

const templates = { FieldTemplate };

// One field per row, label on the left: the dialogs are narrow and the messages sit under the inputs.
const layout = { colSpan: 24, labelCol: { flex: "96px" }, wrapperCol: { flex: "1 1 0", style: { minWidth: 0 } } };

export interface SchemaFormProps {
  definition: FormDefinition;
  initialData: FormValues;
  /** Messages the server gave for named fields, shown under them until the field changes. */
  serverErrors?: Record<string, string>;
  onServerErrorsSeen?: () => void;
  onSubmit: (values: FormValues) => void;
  formRef: RefObject<FormHandle>;
  disabled?: boolean;
  /** Runs once the fields are on the page (the dialog puts the caret in the first one). */
  onMounted?: () => void;
  /** Widgets of a bespoke page, beside the engine's own. */
  widgets?: RegistryWidgetsType;
  /**
   * The values as they will be sent (the declaration's transforms, src/engine/transforms.ts): the
   * form validates these, so `shop.example` passes the https rule its sent form `https://shop.example` meets.
   */
  tidy?: (values: FormValues) => FormValues;
  /** Every change of the values, for what a page shows beside its form (a schedule-conflict warning). */
  onValuesChange?: (values: FormValues) => void;
  /**
   * A schema built at run time (a shared live's registration form) has no validator compiled at
   * build time and the page may not compile one (its CSP allows no eval): the form checks nothing
   * itself, and the server's message, named by field, comes back as `serverErrors`.
   */
  judgedByServer?: boolean;
  /** How the form's objects are laid out, when not as the theme does (a full-page form's sections, src/engine/form-sections.tsx). */
  objectTemplate?: ComponentType<ObjectFieldTemplateProps>;
}

/**
 * An RJSF form over a schema file and its `*.ui.json`, with the engine's one validator. It has
 * no buttons of its own: its dialog or page submits it through `formRef`, and Enter in a field
 * submits it too. Values a schema does not (or no longer) declare are dropped, never submitted.
 */
export function SchemaForm({ definition, initialData, serverErrors, onServerErrorsSeen, onSubmit, formRef, disabled, onMounted, widgets, tidy, onValuesChange, judgedByServer, objectTemplate }: SchemaFormProps) {
  const { schema, uiSchema } = definition;
  const transformErrors = useMemo(() => transformErrorsFor(schema, uiSchema), [schema, uiSchema]);
  // The form keeps its own values (uncontrolled: a controlled copy echoing back can drop keystrokes);
  // this only remembers the latest to tell when a field the server complained about changes.
  const latest = useRef<FormValues>(initialData);
  // Quiet until the first attempt, then each change re-checks (antd forms behave the same way).
  const [attempted, setAttempted] = useState(false);
  // Widgets read other fields through this (form-values.ts); it never changes, so neither does the context.
  const [store] = useState(() => new FormValueStore(initialData, (field, value) => formRef.current?.setFieldValue(field, value as never)));
  const formContext = useMemo(() => ({ ...layout, values: store }), [store]);
  const allWidgets = useMemo(() => ({ ...engineWidgets, ...widgets }), [widgets]);
  const allTemplates = useMemo(() => (objectTemplate ? { ...templates, ObjectFieldTemplate: objectTemplate } : templates), [objectTemplate]);
  const validator = useMemo(() => {
    if (!tidy) return formValidator;
    // The one validator, judging the tidied values; everything else it does stays its own.
    const tidied: typeof formValidator = Object.create(formValidator);
    tidied.validateFormData = (data, ...rest) => formValidator.validateFormData(data && tidy(data), ...rest);
    return tidied;
  }, [tidy]);

  const extraErrors = useMemo(() => {
    if (!serverErrors) return undefined;
    return Object.fromEntries(Object.entries(serverErrors).map(([field, text]) => [field, { __errors: [text] }])) as ErrorSchema<FormValues>;
  }, [serverErrors]);

  const mounted = useRef(onMounted);
  useEffect(() => mounted.current?.(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Not while an input method is composing Chinese: that Enter picks a candidate.
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    // React bubbles a key through portals: Enter in a dialog a widget opened (a picker's search
    // box) is that dialog's, not a field of this form.
    if (!event.currentTarget.contains(target)) return;
    if (target.tagName === "TEXTAREA") return;
    // Enter in a select or a date picker picks or confirms there; it does not send the form.
    if (target.closest(".ant-select, .ant-picker")) return;
    event.preventDefault();
    formRef.current?.submit();
  };

  return (
    <div onKeyDown={onKeyDown}>
      <Form
        ref={formRef}
        className="engine-form"
        schema={schema}
        uiSchema={uiSchema}
        initialFormData={initialData}
        validator={validator}
        widgets={allWidgets}
        templates={allTemplates}
        formContext={formContext}
        translateString={translateZh}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        showErrorList={false}
        focusOnFirstError
        noHtml5Validate
        noValidate={judgedByServer}
        omitExtraData
        liveOmit="onChange"
        liveValidate={attempted ? "onChange" : undefined}
        disabled={disabled}
        onChange={({ formData: next }) => {
          const values = next ?? {};
          // A server message stays until the person changes the field it is about.
          if (serverErrors && Object.keys(serverErrors).some((field) => values[field] !== latest.current[field])) onServerErrorsSeen?.();
          latest.current = values;
          store.publish(values);
          onValuesChange?.(values);
        }}
        onError={() => setAttempted(true)}
        onSubmit={({ formData: values }) => {
          setAttempted(true);
          const waiting = store.notReady();
          if (waiting) return void message.warning(waiting);
          onSubmit(values ?? {});
        }}
      />
    </div>
  );
}
