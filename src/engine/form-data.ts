import type { UiSchema } from "@rjsf/utils";
import type { BaseRecord } from "@refinedev/core";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { FormDefinition } from "./form-schemas";
import { defaultPermissionText, type PermissionTree } from "./permission-picker";
import type { FormValues } from "./form-values";
import { flattenRecord, readField } from "./record-fields";

const fieldsOf = ({ schema }: FormDefinition) => Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});

/** A new record's values: a field with a permission tree starts with that tree's defaults (1 §3, §6). */
export function createValues(definition: FormDefinition): FormValues {
  const values: FormValues = {};
  for (const field of fieldsOf(definition)) {
    // Read directly rather than through @rjsf/utils: lists open dialogs without loading RJSF first.
    const tree = ((definition.uiSchema[field] as UiSchema | undefined)?.["ui:options"]?.tree as PermissionTree | undefined) ?? undefined;
    if (tree) values[field] = defaultPermissionText(tree);
  }
  return values;
}

/** The record field a form field is filled from: the declaration's `formFields`, else the same name ignoring case. */
function recordField(decl: ResourceDecl, record: BaseRecord, field: string): string | undefined {
  const declared = decl.formFields?.[field];
  if (declared) return declared;
  return Object.keys(record).find((key) => key.toLowerCase() === field.toLowerCase());
}

/** An edit form's values, taken from the row being edited. */
export function editValues(decl: ResourceDecl, definition: FormDefinition, row: BaseRecord): FormValues {
  // A JSON text column's fields fill the form like any other (a product template's `Product`).
  const record = flattenRecord(decl, row);
  const values: FormValues = {};
  for (const field of fieldsOf(definition)) {
    const key = recordField(decl, record, field);
    // A declared field may read into a JSON text column (`Product.productname`).
    const value = key === undefined ? undefined : readField(record, key);
    if (value !== undefined && value !== null) values[field] = value;
  }
  return values;
}
