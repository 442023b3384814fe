import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { inlineRefs } from "../lib/schema-refs";

// Each form's files become small chunks of their own, fetched when the form first opens. Only
// create and edit forms: a schema the sign-in pages import statically would otherwise be split
// out of their chunk too, and /login would pay a request and ~0.4 kB gzip for each (measured).
const schemaFiles = import.meta.glob<RJSFSchema>(["../../schemas/*.create.schema.json", "../../schemas/*.edit.schema.json"], {
  import: "default",
});
const uiFiles = import.meta.glob<UiSchema>("../../schemas/*.ui.json", { import: "default" });
// The shared definitions the forms refer to (a few hundred bytes), written into each form on load.
const definitions = Object.values(import.meta.glob<Record<string, unknown>>("../../schemas/*.def.schema.json", { eager: true, import: "default" }));

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

const cache = new Map<string, Promise<FormDefinition>>();

async function load(id: string): Promise<FormDefinition> {
  const schemaFile = schemaFiles[`../../schemas/${id}.schema.json`];
  if (!schemaFile) throw new Error(`没有找到表单 ${id}（schemas/${id}.schema.json，表单名以 .create 或 .edit 结尾）`);
  const uiFile = uiFiles[`../../schemas/${id}.ui.json`];
  const [schema, uiSchema] = await Promise.all([schemaFile(), uiFile ? uiFile() : Promise.resolve<UiSchema>({})]);
  return { schema: branchPatternsAsProperties(inlineRefs(schema, definitions)) as RJSFSchema, uiSchema: { ...uiSchema, ...engineUi, "ui:options": { ...engineUi["ui:options"], ...uiSchema["ui:options"] } } };
}

/** A form by its schema `$id` (schemas/<id>.schema.json and, when present, schemas/<id>.ui.json). */
export function loadForm(id: string): Promise<FormDefinition> {
  let pending = cache.get(id);
  if (!pending) {
    pending = load(id);
    // A failed load (a dropped connection fetching the chunk) may succeed next time.
    pending.catch(() => cache.delete(id));
    cache.set(id, pending);
  }
  return pending;
}
