import { useEffect, useState } from "react";
import { errorText } from "../../providers/http";
import { loadForm, type FormDefinition } from "./form-schemas";
import { useInterCheck } from "./use-inter-check";
import type { FormValues } from "./form-values";

/**
 * A form's schema files (its choices labelled from `labels`, a resource's enums), and with `interCheck` the interaction check the console makes before a
 * create or modify page (2 §7, as before an add or edit dialog); its answer is ignored.
 */
export function useFormDefinition(form: string, interCheck: boolean, labels?: Record<string, Readonly<Record<string, string>>>) {
  const [loaded, setLoaded] = useState<FormDefinition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const check = useInterCheck();
  useEffect(() => {
    let current = true;
    setFailure(null);
    Promise.all([loadForm(form, labels), interCheck ? check() : undefined])
      .then(([definition]) => current && setLoaded(definition))
      .catch((error: unknown) => current && setFailure(errorText(error)));
    return () => {
      current = false;
    };
  }, [form, interCheck, labels, attempt, check]);
  return { loaded, failure, retry: () => setAttempt((n) => n + 1) };
}

/** Values as text whatever order their keys came in, so two forms of the same values compare equal. */
export const stableText = (values: FormValues): string =>
  JSON.stringify(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b))));
