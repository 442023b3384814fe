/** A schema file as read: its `$id` is how forms, routes and `$ref`s name it. */
export type SchemaFile = Record<string, unknown> & { $id?: string };

export type Properties = Record<string, { title?: string }>;

/** The schemas a form takes its fields from with `allOf: [{ $ref }]` (found in `files`), itself last. */
function withInherited(schema: SchemaFile, files: readonly SchemaFile[]): SchemaFile[] {
  const parts = ((schema.allOf as { $ref?: string }[] | undefined) ?? []).flatMap((part) => {
    const id = (part.$ref ?? "").replace(/#$/, "");
    const target = files.find((file) => file.$id === id);
    if (!target) throw new Error(`schema "${schema.$id}" refers to "${part.$ref}", which was not passed in`);
    return withInherited(target, files);
  });
  return [...parts, schema];
}

/** The form's properties in order, those of the schemas it refers to with `allOf` first. */
export const propertiesOf = (schema: SchemaFile, files: readonly SchemaFile[]): Properties =>
  Object.assign({}, ...withInherited(schema, files).map((part) => part.properties as Properties | undefined));

/** The fields the form requires, its own and inherited (antd's required mark). */
export const requiredOf = (schema: SchemaFile, files: readonly SchemaFile[]): Set<string> =>
  new Set(withInherited(schema, files).flatMap((part) => (part.required as string[] | undefined) ?? []));
