type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => !!value && typeof value === "object" && !Array.isArray(value);

/** Keywords a definition and the node referring to it may both carry. */
const shared = new Set(["type", "title", "$comment", "errorMessage"]);

function merged(local: Node, definition: Node, ref: string): Node {
  const body = { ...definition };
  delete body.$id;
  delete body.$schema;
  for (const key of Object.keys(body)) {
    if (!(key in local)) continue;
    if (!shared.has(key) || (key === "type" && local.type !== body.type))
      throw new Error(`"${ref}" and the schema referring to it both set "${key}"`);
  }
  const messages = [body.errorMessage, local.errorMessage].filter((m) => m !== undefined);
  if (!messages.every(isNode)) throw new Error(`"${ref}": only keyword maps of errorMessage can be merged`);
  const out: Node = { ...body, ...local };
  if (messages.length) out.errorMessage = Object.assign({}, ...messages);
  return out;
}

/**
 * Writes `$ref`s to other schema files (a shared definition such as `"phone.def#"`, or a whole
 * form such as assistant.create's `"teacher.create#"`) out in place, for RJSF's drawing of a
 * form: RJSF resolves only references inside the schema it is handed (and lays a resolved one
 * under its siblings, so one `errorMessage` would hide the other). Validation does not need this:
 * the validator's ajv, like the server's, has every file registered and resolves them itself. The
 * definition and the referring node may share only `type` (equal), `title`, `$comment` and
 * `errorMessage` keyword maps, which merge; with no other keyword in both, the written-out node
 * accepts and refuses exactly what the reference and its siblings do, with the same messages.
 */
export function inlineRefs<T>(schema: T, definitions: readonly Node[]): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isNode(value)) return value;
    const out = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    const ref = out.$ref;
    if (typeof ref !== "string" || ref.startsWith("#")) return out;
    const local = { ...out };
    delete local.$ref;
    const definition = definitions.find((d) => d.$id === ref.replace(/#$/, ""));
    if (!definition) throw new Error(`no shared definition "${ref}" (schemas/<feature>/*.schema.json)`);
    return merged(local, walk(definition) as Node, ref);
  };
  return walk(schema) as T;
}
