import type { FieldTransform, ResourceDecl } from "../../resources/kernel/define";
import type { FormValues } from "./form-values";

const transforms: Record<FieldTransform, (value: unknown, now: number) => unknown> = {
  // {host} is the spec's placeholder a live page fills with its own address (2 §5).
  httpsPrefix: (value) =>
    typeof value === "string" && value !== "" && !/^(https?:\/\/|\{host\})/i.test(value) ? `https://${value}` : value,
  singleLine: (value) => (typeof value === "string" ? value.replace(/[\r\n]+/g, "") : value),
  timestampIfEmpty: (value, now) => (value === undefined || value === null || value === "" ? String(now) : value),
};

/** One value through the named transforms, in order. */
export const transformValue = (kinds: readonly FieldTransform[], value: unknown, now = Date.now()) =>
  kinds.reduce((current, kind) => transforms[kind](current, now), value);

/** A form's values as they are sent: each field through the transforms its declaration names. */
export function applyTransforms(decl: ResourceDecl | Pick<ResourceDecl, "transforms">, values: FormValues, now = Date.now()): FormValues {
  if (!decl.transforms) return values;
  const sent: FormValues = { ...values };
  for (const [field, kinds] of Object.entries(decl.transforms)) {
    const value = transformValue(kinds, sent[field], now);
    if (value !== undefined) sent[field] = value;
  }
  return sent;
}

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  // An emptied field and one never filled are the same to a person.
  const blank = (v: unknown) => v === undefined || v === null || v === "";
  if (blank(a) && blank(b)) return true;
  return typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b);
};

/** Whether an edit changed nothing a save would send (`editOnlyChanges`). */
export function unchanged(before: FormValues, after: FormValues): boolean {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields].every((field) => same(before[field], after[field]));
}
