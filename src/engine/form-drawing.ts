import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { inlineRefs } from "../lib/schema-refs";
import type { SchemaFile } from "./schema-parts";

/**
 * How a schema file becomes the schema RJSF draws. Pure, with no bundler feature: the build runs
 * it too, to compile the validators of the conditions RJSF checks while drawing (validator.ts).
 */

export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** What every engine form adds to its `*.ui.json`: the dialog or page has its own buttons and title. */
const engineUi: UiSchema = {
  "ui:submitButtonOptions": { norender: true },
  "ui:options": { label: false },
};

type SchemaNode = Record<string, unknown>;

/** `^mobile$` or `^(name|mobile)$` → the names; null for a pattern that is not a list of exact names. */
function exactNames(pattern: string): string[] | null {
  const match = /^\^\(?([\w|]+)\)?\$$/.exec(pattern);
  return match ? match[1].split("|") : null;
}

/**
 * Rewrites exact-name `patternProperties` inside `then` / `else` as `properties`. Some schemas state
 * a rule in a conditional branch that way so the server's `removeAdditional` keeps the field; RJSF
 * (6.11) draws conditional branches by merging them in, and a branch with `patternProperties` makes
 * it stub every other filled field as `type: "null"`, which then fails as if empty. For exact names
 * both keywords validate the same values with the same messages.
 */
function branchPatternsAsProperties(node: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...node };
  for (const branch of ["then", "else"] as const) {
    const sub = node[branch] as SchemaNode | undefined;
    if (!sub || typeof sub !== "object") continue;
    const patterns = sub.patternProperties as Record<string, SchemaNode> | undefined;
    if (!patterns || !Object.keys(patterns).every((pattern) => exactNames(pattern))) continue;
    const properties: Record<string, SchemaNode> = { ...(sub.properties as Record<string, SchemaNode> | undefined) };
    for (const [pattern, rule] of Object.entries(patterns)) for (const name of exactNames(pattern)!) properties[name] = rule;
    const rest = { ...sub };
    delete rest.patternProperties;
    out[branch] = { ...rest, properties };
  }
  for (const list of ["allOf", "anyOf", "oneOf"] as const) {
    if (Array.isArray(node[list])) out[list] = (node[list] as SchemaNode[]).map(branchPatternsAsProperties);
  }
  return out;
}

/**
 * Folds a root `allOf` (written out by `inlineRefs`) into the form itself: assistant.create is
 * `allOf: [teacher.create]`, and RJSF, the field order and the error placement all read the
 * form's own `properties`, `required` and `errorMessage.required`.
 */
function foldRootAllOf(schema: SchemaNode): SchemaNode {
  const parts = (schema.allOf as SchemaNode[] | undefined) ?? [];
  if (!parts.length) return schema;
  const own: SchemaNode = { ...schema };
  delete own.allOf;
  return [...parts.map(foldRootAllOf), own].reduce<SchemaNode>((folded, part) => {
    const messages = { ...(folded.errorMessage as SchemaNode | undefined), ...(part.errorMessage as SchemaNode | undefined) };
    const required = { ...((folded.errorMessage as SchemaNode | undefined)?.required as SchemaNode), ...((part.errorMessage as SchemaNode | undefined)?.required as SchemaNode) };
    return {
      ...folded,
      ...part,
      properties: { ...(folded.properties as SchemaNode), ...(part.properties as SchemaNode) },
      required: [...new Set([...((folded.required as string[]) ?? []), ...((part.required as string[]) ?? [])])],
      ...(Object.keys(messages).length ? { errorMessage: Object.keys(required).length ? { ...messages, required } : messages } : {}),
    };
  }, {});
}

/**
 * The labels of a form's choices from a declared enum (value → label), so a label is written once,
 * in resources/, and not again as `ui:enumNames` (a template's 直播类型 reads the course types').
 */
export function withEnumLabels(definition: FormDefinition, labels: Record<string, Readonly<Record<string, string>>> | undefined): FormDefinition {
  if (!labels) return definition;
  const properties = (definition.schema.properties ?? {}) as Record<string, SchemaNode>;
  const uiSchema: UiSchema = { ...definition.uiSchema };
  for (const [field, names] of Object.entries(labels)) {
    const values = properties[field]?.enum as unknown[] | undefined;
    if (values) uiSchema[field] = { ...(uiSchema[field] as UiSchema | undefined), "ui:enumNames": values.map((value) => names[String(value)] ?? String(value)) };
  }
  return { ...definition, uiSchema };
}

/**
 * A form as RJSF draws it, from its schema file, its `*.ui.json` and the files its `$ref`s name.
 * RJSF resolves only references inside the schema it is handed, so they are written out here;
 * validation uses the registered file itself (validator.ts), references and all.
 */
export function prepareForm(schema: SchemaFile, uiSchema: UiSchema, schemas: readonly SchemaFile[]): FormDefinition {
  const drawn = branchPatternsAsProperties(foldRootAllOf(inlineRefs(schema, schemas)));
  return { schema: drawn as RJSFSchema, uiSchema: { ...uiSchema, ...engineUi, "ui:options": { ...engineUi["ui:options"], ...uiSchema["ui:options"] } } };
}
