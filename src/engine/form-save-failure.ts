import type { FormSave } from "../../resources/kernel/form-page";
import { errorText, HttpRequestError } from "../../providers/http";
import { isQuiet } from "../../providers/notify";

/** What a refused save tells a person, as the declaration says (see FormSave.failure), or null for silence. */
export function formSaveFailureText(failure: FormSave["failure"], error: unknown): string | null {
  if (isQuiet(error)) return null;
  const answered = error instanceof HttpRequestError && error.statusCode !== 0;
  if (failure?.network && !answered) return failure.network;
  const code = error instanceof HttpRequestError ? error.code : undefined;
  const readings = code === undefined ? undefined : failure?.byCode?.[code];
  const said = error instanceof HttpRequestError ? error.message : "";
  const byCode = typeof readings === "string" || readings === undefined ? readings : readings.includes(said) ? said : readings[0];
  const numbered = code !== undefined && failure?.numbered ? `${failure.numbered} #${code}` : undefined;
  const own = code !== undefined && failure?.ownWords?.includes(code) ? said : undefined;
  return byCode ?? own ?? failure?.text ?? numbered ?? `${failure?.prefix ?? ""}${errorText(error)}`;
}
