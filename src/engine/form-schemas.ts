import type { UiSchema } from "@rjsf/utils";
import { prepareForm, withEnumLabels, type FormDefinition } from "./form-drawing";
import { schemaFiles } from "./schema-files";

export { prepareForm, type FormDefinition };

// Each form's presentation file becomes a small chunk of its own, fetched when the form first
// opens. The schemas themselves are the validator's: it registers every file anyway. The files sit
// in feature folders (schemas/<feature>/<id>.ui.json), so they are found by their name, the `$id`.
const uiFiles = new Map(
  Object.entries(import.meta.glob<UiSchema>("../../schemas/**/*.ui.json", { import: "default" })).map(([file, read]) => [
    file.slice(file.lastIndexOf("/") + 1, -".ui.json".length),
    read,
  ]),
);

const cache = new Map<string, Promise<FormDefinition>>();

async function load(id: string): Promise<FormDefinition> {
  const schema = /\.(create|edit)$/.test(id) ? schemaFiles.find((file) => file.$id === id) : undefined;
  if (!schema) throw new Error(`没有找到表单 ${id}（schemas/<feature>/${id}.schema.json，表单名以 .create 或 .edit 结尾）`);
  const uiFile = uiFiles.get(id);
  return prepareForm(schema, uiFile ? await uiFile() : {}, schemaFiles);
}

/**
 * A form by its schema `$id` (schemas/<feature>/<id>.schema.json and, when present, its <id>.ui.json),
 * its choices labelled from the declaration's enums (`ResourceDecl.formLabels`).
 */
export function loadForm(id: string, labels?: Record<string, Readonly<Record<string, string>>>): Promise<FormDefinition> {
  return loadDrawn(id).then((definition) => withEnumLabels(definition, labels));
}

function loadDrawn(id: string): Promise<FormDefinition> {
  let pending = cache.get(id);
  if (!pending) {
    pending = load(id);
    // A failed load (a dropped connection fetching the chunk) may succeed next time.
    pending.catch(() => cache.delete(id));
    cache.set(id, pending);
  }
  return pending;
}
