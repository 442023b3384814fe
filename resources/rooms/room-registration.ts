import { roomLimits, type ShareField } from "./room-api";

/**
 * The registration form of a shared live (2 §3 registration field; extra.isRecord 2) as a JSON
 * schema, built from the live's fields: the share page draws it with the one form validator and the
 * server checks the answers against the same schema, so a phone answer meets phone.def and an
 * e-mail email.def, with their messages. Field i is property `f{i}`.
 */
export function registrationSchema(fields: readonly ShareField[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  fields.forEach((field, i) => {
    const key = `f${i}`;
    const choice = field.formaDataType === 5 || field.formaDataType === 6;
    const missing = `${choice ? "请选择" : "请填写"}${field.name}`;
    properties[key] = fieldSchema(field, missing);
    if (field.required) {
      required.push(key);
      requiredMessages[key] = missing;
    }
  });
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties,
    required,
    ...(required.length ? { errorMessage: { required: requiredMessages } } : {}),
  };
}

function fieldSchema(field: ShareField, missing: string): Record<string, unknown> {
  const title = field.name;
  const tooLong = `${field.name}不能超过${roomLimits.answerMax}字`;
  // An emptied input arrives as "" at the server and as nothing in the form: both say `missing`.
  const filled = field.required ? { minLength: 1 } : {};
  switch (field.formaDataType) {
    case 1:
      return { type: "string", title, ...filled, allOf: [{ $ref: "phone.def#" }], errorMessage: { type: missing, minLength: missing } };
    case 2:
      return { type: "string", title, ...filled, allOf: [{ $ref: "email.def#" }], errorMessage: { type: missing, minLength: missing } };
    case 5:
      return { type: "string", title, enum: field.checkList, errorMessage: { type: missing, enum: missing } };
    case 6:
      return {
        type: "array",
        title,
        uniqueItems: true,
        ...(field.required ? { minItems: 1 } : {}),
        items: { type: "string", enum: field.checkList, errorMessage: missing },
        errorMessage: { type: missing, minItems: missing, uniqueItems: missing },
      };
    default:
      return { type: "string", title, ...filled, maxLength: roomLimits.answerMax, errorMessage: { type: missing, minLength: missing, maxLength: tooLong } };
  }
}

/** The answers by position as the server takes them, from the form's `f{i}` values. */
export const answersOf = (fields: readonly ShareField[], values: Record<string, unknown>) =>
  fields.map((field, i) => {
    const v = values[`f${i}`];
    if (field.formaDataType === 6) return Array.isArray(v) ? v.map(String) : [];
    return typeof v === "string" ? v : "";
  });
