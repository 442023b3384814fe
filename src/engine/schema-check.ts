import type { FormRule } from "antd";
import type { RJSFSchema } from "@rjsf/utils";
import { formValidator, schemaFiles, transformErrorsFor, type SchemaFile } from "./validator";

/**
 * The form validator for code that is not an RJSF form: the sign-in pages' antd forms, the rows
 * of an import sheet, a story's expected messages. Every check is the validator's (schemas
 * registered, references resolved, ajv-errors' words, one message per field, a missing value
 * before a malformed one), so these pages cannot drift from the forms or the server.
 */

export interface Problem {
  field: string;
  message: string;
}

/** Emptied inputs reach us as "" or undefined; RJSF drops both, so a required message fires. */
const filled = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ""));

const byId = (id: string) => schemaFiles.find((file) => file.$id === id);

type Properties = Record<string, { title?: string }>;

/** The form's properties in order, those of the schemas it refers to with `allOf` first. */
function propertiesOf(schema: SchemaFile): Properties {
  const inherited = ((schema.allOf as { $ref?: string }[] | undefined) ?? []).map((part) => {
    const target = byId((part.$ref ?? "").replace(/#$/, ""));
    return target ? propertiesOf(target) : {};
  });
  return Object.assign({}, ...inherited, schema.properties as Properties | undefined);
}

/** The form's field names in order. */
export const schemaFields = (schema: SchemaFile): string[] => Object.keys(propertiesOf(schema));

/** Every failing field with the message the form shows for it, in the form's field order. */
export function schemaProblems(schema: SchemaFile, values: Record<string, unknown>): Problem[] {
  // Placement, order and fallback words as an RJSF form has them, over the inherited fields too.
  const shape = transformErrorsFor({ ...schema, properties: propertiesOf(schema) } as RJSFSchema);
  const { errors } = formValidator.validateFormData(filled(values), schema as RJSFSchema, undefined, shape);
  return errors.map((error) => ({ field: (error.property ?? "").replace(/^\./, ""), message: error.message ?? "" }));
}

/** The message `field` earns with `values`, or null when it passes. */
export const fieldProblem = (schema: SchemaFile, field: string, values: Record<string, unknown>): string | null =>
  schemaProblems(schema, values).find((problem) => problem.field === field)?.message ?? null;

/** antd rules per field: each reports the field's first message; required fields get antd's mark. */
export function schemaRules(schema: SchemaFile): Record<string, FormRule[]> {
  const required = new Set(schemaProblems(schema, {}).map((problem) => problem.field));
  return Object.fromEntries(
    schemaFields(schema).map((name) => {
      const rule: FormRule = ({ getFieldsValue }) => ({
        required: required.has(name),
        async validator(_rule, value: unknown) {
          const message = fieldProblem(schema, name, { ...(getFieldsValue(true) as Record<string, unknown>), [name]: value });
          if (message) throw new Error(message);
        },
      });
      return [name, [rule]];
    }),
  );
}
