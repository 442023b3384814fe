import type { FormValues } from "../engine/table-rows";

/**
 * What product and ad templates share (2 §3, §5; 3 §3): an empty productid becomes the creation
 * timestamp (a modify keeps the id it had), the text fields are trimmed, and line breaks leave the
 * description. Uniqueness of the id is not checked here: a unique index refuses the clash
 * atomically and the engine answers the declaration's message.
 */
export function normaliseProduct(values: FormValues, before?: FormValues) {
  const id = String(values.productid ?? "").trim();
  values.productid = id || String(before?.productid || Date.now());
  values.productname = String(values.productname ?? "").trim();
  if ("productdesc" in values) values.productdesc = String(values.productdesc ?? "").replace(/[\r\n]+/g, "");
  // The count is text on save and a number when shown (2 §3); 0 by default (2 §9).
  values.productcount = String(values.productcount ?? "").trim() || "0";
}
