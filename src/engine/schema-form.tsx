import Form from "@rjsf/antd";
import type { default as CoreForm } from "@rjsf/core";
import type { ErrorSchema, RegistryWidgetsType } from "@rjsf/utils";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { FormDefinition } from "./form-schemas";
import { PermissionPickerWidget } from "./permission-picker";
import { formValidator, transformErrorsFor, translateZh } from "./validator";
import "./schema-form.css";

export type FormValues = Record<string, unknown>;
export type FormHandle = CoreForm<FormValues>;

/** Custom widgets a `*.ui.json` may name with `"ui:widget"`. */
const widgets: RegistryWidgetsType = { permissionPicker: PermissionPickerWidget };

// One field per row, label on the left: the dialogs are narrow and the messages sit under the inputs.
const formContext = { colSpan: 24, labelCol: { flex: "96px" }, wrapperCol: { flex: "1 1 0", style: { minWidth: 0 } } };

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
}

/**
 * An RJSF form over a schema file and its `*.ui.json`, with the engine's one validator. It has
 * no buttons of its own: its dialog or page submits it through `formRef`, and Enter in a field
 * submits it too. Values a schema does not (or no longer) declare are dropped, never submitted.
 */
export function SchemaForm({ definition, initialData, serverErrors, onServerErrorsSeen, onSubmit, formRef, disabled, onMounted }: SchemaFormProps) {
  const { schema, uiSchema } = definition;
  const transformErrors = useMemo(() => transformErrorsFor(schema, uiSchema), [schema, uiSchema]);
  // The form keeps its own values (uncontrolled: a controlled copy echoing back can drop keystrokes);
  // this only remembers the latest to tell when a field the server complained about changes.
  const latest = useRef<FormValues>(initialData);
  // Quiet until the first attempt, then each change re-checks (antd forms behave the same way).
  const [attempted, setAttempted] = useState(false);

  const extraErrors = useMemo(() => {
    if (!serverErrors) return undefined;
    return Object.fromEntries(Object.entries(serverErrors).map(([field, text]) => [field, { __errors: [text] }])) as ErrorSchema<FormValues>;
  }, [serverErrors]);

  const mounted = useRef(onMounted);
  useEffect(() => mounted.current?.(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Not while an input method is composing Chinese: that Enter picks a candidate.
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).tagName === "TEXTAREA") return;
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
        validator={formValidator}
        widgets={widgets}
        formContext={formContext}
        translateString={translateZh}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        showErrorList={false}
        focusOnFirstError
        noHtml5Validate
        omitExtraData
        liveOmit="onChange"
        liveValidate={attempted ? "onChange" : undefined}
        disabled={disabled}
        onChange={({ formData: next }) => {
          const values = next ?? {};
          // A server message stays until the person changes the field it is about.
          if (serverErrors && Object.keys(serverErrors).some((field) => values[field] !== latest.current[field])) onServerErrorsSeen?.();
          latest.current = values;
        }}
        onError={() => setAttempted(true)}
        onSubmit={({ formData: values }) => {
          setAttempted(true);
          onSubmit(values ?? {});
        }}
      />
    </div>
  );
}
