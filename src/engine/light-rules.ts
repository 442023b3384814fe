import type { FormRule } from "antd";
import { propertiesOf, requiredOf, type SchemaFile } from "./schema-parts";

/**
 * The one validator for the sign-in pages' antd forms, loaded on the first check: ajv and RJSF's
 * utilities are ~125 kB gzip, which /login's budget cannot carry before its first paint
 * (scripts/bundle-report.mjs). Field names and required marks are read from the form and the
 * schemas it names in `allOf` (`inherited`), so the page needs no other schema file up front.
 */
const checks = () => import("./schema-check");

/** The message `field` earns with `values`, or null when it passes. */
export async function fieldProblem(schema: SchemaFile, field: string, values: Record<string, unknown>): Promise<string | null> {
  return (await checks()).fieldProblem(schema, field, values);
}

/** antd rules per field: each reports the field's first message; required fields get antd's mark. */
export function schemaRules(schema: SchemaFile, inherited: readonly SchemaFile[] = []): Record<string, FormRule[]> {
  const required = requiredOf(schema, inherited);
  return Object.fromEntries(
    Object.keys(propertiesOf(schema, inherited)).map((name) => {
      const rule: FormRule = ({ getFieldsValue }) => ({
        required: required.has(name),
        async validator(_rule, value: unknown) {
          const message = await fieldProblem(schema, name, { ...(getFieldsValue(true) as Record<string, unknown>), [name]: value });
          if (message) throw new Error(message);
        },
      });
      return [name, [rule]];
    }),
  );
}
