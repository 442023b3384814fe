import type { FormRule } from "antd";
import { inlineRefs } from "./schema-refs";

/**
 * The light (public) pages validate with the schemas' own messages without shipping
 * ajv: this reads the subset of draft-07 + ajv-errors our form schemas use and turns
 * it into antd Form rules. Anything outside that subset is a schema this reader was
 * not written for, so it fails loudly instead of validating less than the server.
 */

type Messages = string | Partial<Record<"minLength" | "maxLength" | "pattern" | "const" | "type", string>>;

export interface PropertySchema {
  type?: string;
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  const?: unknown;
  default?: unknown;
  errorMessage?: Messages;
  [keyword: string]: unknown;
}

export interface JsonSchema {
  $id?: string;
  title?: string;
  type?: string;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  allOf?: { $ref: string }[];
  errorMessage?: { required?: Record<string, string>; [keyword: string]: unknown };
  [keyword: string]: unknown;
}

export interface FieldSpec {
  name: string;
  title: string;
  required: boolean;
  requiredMessage: string;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** `const: {$data: "1/other"}`: must equal the sibling field `other`. */
  sameAs?: string;
  hasConst: boolean;
  constValue?: unknown;
  messages: Messages | undefined;
}

export interface CompiledSchema {
  /** Field names in property order, referenced schemas' properties first. */
  order: string[];
  fields: Record<string, FieldSpec>;
}

const refId = (ref: string) => ref.replace(/#$/, "");

function flatten(schema: JsonSchema, refs: JsonSchema[], seen: Set<string>): JsonSchema {
  const merged: JsonSchema = { properties: {}, required: [], errorMessage: { required: {} } };
  for (const part of schema.allOf ?? []) {
    const id = refId(part.$ref);
    const target = refs.find((candidate) => candidate.$id === id);
    if (!target) throw new Error(`schema "${schema.$id}" refers to "${part.$ref}", which was not passed in`);
    if (seen.has(id)) throw new Error(`schema "${id}" refers to itself`);
    const inner = flatten(target, refs, new Set([...seen, id]));
    Object.assign(merged.properties!, inner.properties);
    merged.required!.push(...(inner.required ?? []));
    Object.assign(merged.errorMessage!.required!, inner.errorMessage?.required);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    merged.properties![name] = { ...merged.properties![name], ...property };
  }
  merged.required!.push(...(schema.required ?? []));
  Object.assign(merged.errorMessage!.required!, schema.errorMessage?.required);
  return merged;
}

function siblingOf(pointer: string, field: string): string {
  const match = /^1\/([^/]+)$/.exec(pointer);
  if (!match) throw new Error(`field "${field}": only "1/<sibling>" $data pointers are supported, got "${pointer}"`);
  return match[1];
}

function messageFor(field: FieldSpec, keyword: "minLength" | "maxLength" | "pattern" | "const", fallback: string): string {
  const { messages } = field;
  if (typeof messages === "string") return messages;
  return messages?.[keyword] ?? fallback;
}

export function compileSchema(schema: JsonSchema, refs: JsonSchema[] = []): CompiledSchema {
  const flat = flatten(schema, refs, new Set(schema.$id ? [schema.$id] : []));
  const required = new Set(flat.required);
  const fields: Record<string, FieldSpec> = {};
  for (const [name, written] of Object.entries(flat.properties ?? {})) {
    const property = inlineRefs(written, refs);
    const title = property.title ?? name;
    const own = typeof property.errorMessage === "string" ? property.errorMessage : property.errorMessage?.minLength;
    const constRaw = property.const as { $data?: string } | undefined;
    const isData = !!constRaw && typeof constRaw === "object" && typeof constRaw.$data === "string";
    fields[name] = {
      name,
      title,
      required: required.has(name),
      requiredMessage: flat.errorMessage?.required?.[name] ?? own ?? `请输入${title}`,
      minLength: property.minLength,
      maxLength: property.maxLength,
      pattern: property.pattern !== undefined ? new RegExp(property.pattern, "u") : undefined,
      sameAs: isData ? siblingOf(constRaw.$data!, name) : undefined,
      hasConst: "const" in property && !isData,
      constValue: isData ? undefined : property.const,
      messages: property.errorMessage,
    };
  }
  return { order: Object.keys(fields), fields };
}

/** Emptied inputs reach us as "" or undefined; both count as missing, as on the server. */
const isMissing = (value: unknown) => value === undefined || value === null || value === "";

const length = (value: string) => [...value].length;

/** The first message this field's value earns, or null when it passes. */
export function checkField(compiled: CompiledSchema, name: string, values: Record<string, unknown>): string | null {
  const field = compiled.fields[name];
  if (!field) throw new Error(`no field "${name}" in schema`);
  const value = values[name];
  if (isMissing(value)) return field.required ? field.requiredMessage : null;
  if (typeof value === "string") {
    if (field.minLength !== undefined && length(value) < field.minLength) {
      return messageFor(field, "minLength", `${field.title}不能少于${field.minLength}个字符`);
    }
    if (field.maxLength !== undefined && length(value) > field.maxLength) {
      return messageFor(field, "maxLength", `${field.title}不能超过${field.maxLength}个字符`);
    }
    if (field.pattern && !field.pattern.test(value)) return messageFor(field, "pattern", `${field.title}格式不正确`);
  }
  if (field.sameAs !== undefined && value !== values[field.sameAs]) {
    return messageFor(field, "const", `${field.title}不正确`);
  }
  if (field.hasConst && value !== field.constValue) return messageFor(field, "const", `${field.title}不正确`);
  return null;
}

/** Every failing field with its message, in property order. */
export function validateValues(compiled: CompiledSchema, values: Record<string, unknown>, only?: string[]) {
  const names = only ? compiled.order.filter((name) => only.includes(name)) : compiled.order;
  return names.flatMap((name) => {
    const message = checkField(compiled, name, values);
    return message ? [{ field: name, message }] : [];
  });
}

/** The fields a field's rule reads besides its own value (re-validate when they change). */
export function fieldDependencies(compiled: CompiledSchema): Record<string, string[]> {
  return Object.fromEntries(compiled.order.map((name) => [name, compiled.fields[name].sameAs ? [compiled.fields[name].sameAs!] : []]));
}

/** antd rules per field: one rule each, reporting only the first failing message. */
export function schemaRules(schema: JsonSchema, refs: JsonSchema[] = []): Record<string, FormRule[]> {
  const compiled = compileSchema(schema, refs);
  return Object.fromEntries(
    compiled.order.map((name) => {
      const field = compiled.fields[name];
      const rule: FormRule = ({ getFieldValue }) => ({
        required: field.required,
        async validator(_rule, value: unknown) {
          const values: Record<string, unknown> = { [name]: value };
          if (field.sameAs) values[field.sameAs] = getFieldValue(field.sameAs);
          const message = checkField(compiled, name, values);
          if (message) throw new Error(message);
        },
      });
      return [name, [rule]];
    }),
  );
}
