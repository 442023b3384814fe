import type { SchemaFile } from "./schema-parts";

export type { SchemaFile };

/**
 * Every file in schemas/<feature>/ (forms, the light pages' schemas, the shared `*.def` definitions), about
 * 6 kB gzip in all: what the validator registers, so every `$ref` resolves as on the server.
 */
export const schemaFiles: readonly SchemaFile[] = Object.values(
  import.meta.glob<SchemaFile>("../../schemas/**/*.schema.json", { eager: true, import: "default" }),
);
