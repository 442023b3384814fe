import type { RJSFSchema } from "@rjsf/utils";
import * as keywordChecks from "../../resources/kernel/schema-keyword-checks";
import { schemaFiles } from "./schema-files";
import { propertiesOf, type SchemaFile } from "./schema-parts";
import { formValidator, transformErrorsFor } from "./validator";

/**
 * The form validator for code that is not an RJSF form: the rows of an import sheet, a story's
 * expected messages, and (loaded on first use, light-rules.ts) the sign-in pages' antd forms.
 * Every check is the validator's (schemas registered, references resolved, ajv-errors' words, one
 * message per field, a missing value before a malformed one), so these cannot drift from the
 * forms or the server.
 */

export interface Problem {
  field: string;
  message: string;
}

/** Emptied inputs reach us as "" or undefined; RJSF drops both, so a required message fires. */
const filled = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ""));

/** The form's field names in order, those of the schemas it refers to with `allOf` first. */
export const schemaFields = (schema: SchemaFile): string[] => Object.keys(propertiesOf(schema, schemaFiles));

/**
 * Answers by schema and values: an import table asks again for every row at each render (500
 * rows), and a check through RJSF costs about a millisecond. Bounded, and never for a schema
 * using the project's own keywords (notBeforeNow reads the clock).
 */
const answers = new Map<string, Problem[]>();
const answersKept = 2000;
const ownKeywords = Object.keys(keywordChecks).map((keyword) => `"${keyword}"`);
const cacheable = (schema: SchemaFile) => !ownKeywords.some((keyword) => JSON.stringify(schema).includes(keyword));

/** Every failing field with the message the form shows for it, in the form's field order. */
export function schemaProblems(schema: SchemaFile, values: Record<string, unknown>): Problem[] {
  const data = filled(values);
  const key = schema.$id && cacheable(schema) ? `${schema.$id}\n${JSON.stringify(data)}` : undefined;
  const known = key === undefined ? undefined : answers.get(key);
  if (known) return known;
  // Placement, order and fallback words as an RJSF form has them, over the inherited fields too.
  const shape = transformErrorsFor({ ...schema, properties: propertiesOf(schema, schemaFiles) } as RJSFSchema);
  const { errors } = formValidator.validateFormData(data, schema as RJSFSchema, undefined, shape);
  const problems = errors.map((error) => ({ field: (error.property ?? "").replace(/^\./, ""), message: error.message ?? "" }));
  if (key !== undefined) {
    if (answers.size >= answersKept) answers.clear();
    answers.set(key, problems);
  }
  return problems;
}

/** The message `field` earns with `values`, or null when it passes. */
export const fieldProblem = (schema: SchemaFile, field: string, values: Record<string, unknown>): string | null =>
  schemaProblems(schema, values).find((problem) => problem.field === field)?.message ?? null;
