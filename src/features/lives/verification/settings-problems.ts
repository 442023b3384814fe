import type { ErrorObject } from "ajv";
import type { RJSFSchema } from "@rjsf/utils";
import type { ValidatorSettings } from "../../../../resources/lives/live-api";
import { schemaProblems } from "../../../engine/schema-check";
import { formValidator, schemaFiles } from "../../../engine/validator";

const schema = schemaFiles.find((file) => file.$id === "validator.save")!;

/** What is wrong with the settings, in the words the server would use, and where. */
export interface SettingsProblems {
  /** The message the server gives first (schemas/lives/validator.save: password, images, then the form). */
  first: string | null;
  /** By top-level field: password, logo_url, poster, desc. */
  fields: Record<string, string>;
  /** By registration field (index in extra.data): its name's or its options' message. */
  rows: Record<number, { name?: string; options?: string }>;
}

const rowPath = /^\/extra\/data\/(\d+)\/(name|checkList)/;

/**
 * The settings judged by the one validator against schemas/lives/validator.save (the schema the server
 * validates the save with), so the drawer says what the server would say: `first` in the server's
 * order, and each message placed under its own input or designer row.
 */
export function settingsProblems(settings: ValidatorSettings): SettingsProblems {
  const [top] = schemaProblems(schema, settings as unknown as Record<string, unknown>);
  const { errors } = formValidator.rawValidation<ErrorObject>(schema as RJSFSchema, settings);
  const fields: Record<string, string> = {};
  const rows: SettingsProblems["rows"] = {};
  for (const error of errors ?? []) {
    if (error.keyword !== "errorMessage" || !error.message) continue;
    const row = rowPath.exec(error.instancePath);
    if (row) {
      const at = (rows[Number(row[1])] ??= {});
      at[row[2] === "name" ? "name" : "options"] ??= error.message;
      continue;
    }
    const field = error.instancePath.split("/")[1] || ((error.params as { errors?: ErrorObject[] }).errors?.[0]?.params as { missingProperty?: string } | undefined)?.missingProperty;
    if (field && !(field in fields)) fields[field] = error.message;
  }
  return { first: top?.message ?? null, fields, rows };
}
