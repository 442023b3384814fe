import type { FormSave } from "../../resources/kernel/form-page";
import { errorText, HttpRequestError } from "../../providers/http";
import { isQuiet } from "../../providers/notify";

/** What a refused save tells a person, as the declaration says (see FormSave.failure), or null for silence. */
export function formSaveFailureText(failure: FormSave["failure"], error: unknown): string | null {
  if (isQuiet(error)) return null;
  const code = error instanceof HttpRequestError ? error.code : undefined;
  const byCode = code === undefined ? undefined : failure?.byCode?.[code];
  return byCode ?? failure?.text ?? `${failure?.prefix ?? ""}${errorText(error)}`;
}
