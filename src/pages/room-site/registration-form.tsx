import type { UiSchema } from "@rjsf/utils";
import { useMemo, type RefObject } from "react";
import type { ShareField } from "../../../resources/room-api";
import { registrationSchema } from "../../../resources/room-registration";
import { prepareForm } from "../../engine/form-schemas";
import { SchemaForm, type FormHandle, type FormValues } from "../../engine/schema-form";
import { schemaFiles, type SchemaFile } from "../../engine/validator";

/** How each registration field type is drawn (2 §3: 4 address is long text, 5 and 6 choices). */
function uiOf(fields: readonly ShareField[]): UiSchema {
  return Object.fromEntries(
    fields.map((f, i) => [
      `f${i}`,
      {
        ...(f.placeholder ? { "ui:placeholder": f.placeholder } : {}),
        ...(f.formaDataType === 4 ? { "ui:widget": "textarea" } : {}),
        ...(f.formaDataType === 5 ? { "ui:widget": "radio" } : {}),
        ...(f.formaDataType === 6 ? { "ui:widget": "checkboxes" } : {}),
      },
    ]),
  );
}

/**
 * A shared live's registration form (2 §3 extra.isRecord 2): the schema built from its fields
 * (resources/room-registration.ts), drawn and checked by the one form validator; the server checks
 * the answers against the same schema. Loaded only for a live that asks for it.
 */
export function RegistrationForm({ fields, formRef, onSubmit }: { fields: ShareField[]; formRef: RefObject<FormHandle>; onSubmit: (values: FormValues) => void }) {
  const definition = useMemo(() => prepareForm(registrationSchema(fields) as SchemaFile, uiOf(fields), schemaFiles), [fields]);
  return <SchemaForm definition={definition} initialData={{}} formRef={formRef} onSubmit={onSubmit} />;
}
