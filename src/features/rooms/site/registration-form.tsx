import type { UiSchema } from "@rjsf/utils";
import { useMemo, type RefObject } from "react";
import type { ShareField } from "../../../../resources/rooms/room-api";
import { registrationSchema } from "../../../../resources/rooms/room-registration";
import { prepareForm } from "../../../engine/form-drawing";
import { schemaFiles, type SchemaFile } from "../../../engine/schema-files";
import { SchemaForm, type FormHandle, type FormValues } from "../../../engine/schema-form";

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

interface RegistrationFormProps {
  fields: ShareField[];
  formRef: RefObject<FormHandle>;
  onSubmit: (values: FormValues) => void;
  /** The server's message for a field (`f0`, `f1`, …), shown under it until it changes. */
  serverErrors?: Record<string, string>;
  onServerErrorsSeen?: () => void;
}

/**
 * A shared live's registration form (2 §3 extra.isRecord 2): the schema built from its fields
 * (resources/rooms/room-registration.ts) and drawn by the engine. Built from a live's data, it cannot be
 * compiled with the console's validators at build time, so the server judges the answers against
 * that same schema and names the field its message belongs under. Loaded only for a live that asks for it.
 */
export function RegistrationForm({ fields, formRef, onSubmit, serverErrors, onServerErrorsSeen }: RegistrationFormProps) {
  const definition = useMemo(() => prepareForm(registrationSchema(fields) as SchemaFile, uiOf(fields), schemaFiles), [fields]);
  return <SchemaForm definition={definition} initialData={{}} formRef={formRef} onSubmit={onSubmit} serverErrors={serverErrors} onServerErrorsSeen={onServerErrorsSeen} judgedByServer />;
}
