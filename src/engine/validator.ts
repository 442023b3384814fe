import type { ErrorObject } from "ajv";
import localizeZh from "ajv-i18n/localize/zh";
import {
  getUiOptions,
  replaceStringParameters,
  TranslatableString,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidatorType,
} from "@rjsf/utils";
import { createPrecompiledValidator, type ValidatorFunctions } from "@rjsf/validator-ajv8";
import compiledValidators from "virtual:form-validators";
import { schemaFiles, type SchemaFile } from "./schema-files";

export { schemaFiles, type SchemaFile };

/**
 * Chinese for ajv's own errors. The localizer leaves `errorMessage` errors alone: localizing them
 * would overwrite the schema's words with 应当通过 "errorMessage 关键词校验" (docs/stack-notes.md,
 * forms 1).
 */
const localize = (errors?: null | ErrorObject[]) => {
  if (errors) localizeZh(errors.filter((error) => error.keyword !== "errorMessage"));
};

/**
 * The one validator (docs/architecture.md) over validators compiled at build time
 * (scripts/lib/form-validators.ts: ajv 8 with every error and `$data`, ajv-errors so a schema's
 * own Chinese words come first, the schemas' own keywords, every file of schemas/ registered so
 * `"phone.def#"` resolves as on the server), so the page compiles no code and its CSP needs no
 * 'unsafe-eval'. A schema is validated by its file's `$id` (the drawn form RJSF is handed keeps it),
 * a condition RJSF checks while drawing by its hash. RJSF's precompiled validator checks one root
 * schema; this hands each root (a form, its resolved copy, an import row's schema) its own.
 */
export function precompiledFormValidator(functions: ValidatorFunctions): ValidatorType {
  const byRoot = new WeakMap<RJSFSchema, ValidatorType>();
  const forRoot = (root: RJSFSchema) => {
    let validator = byRoot.get(root);
    if (!validator) byRoot.set(root, (validator = createPrecompiledValidator(functions, root, localize)));
    return validator;
  };
  return {
    validateFormData: (data, schema, ...rest) => forRoot(schema).validateFormData(data, schema, ...rest),
    rawValidation: (schema, data) => forRoot(schema).rawValidation(schema, data),
    isValid: (schema, data, root) => forRoot(root).isValid(schema, data, root),
  };
}

/** The validator every form and light page uses, over the files in schemas/. */
export const formValidator = precompiledFormValidator(compiledValidators);

type FieldSchema = { title?: string; properties?: Record<string, { title?: string }> };

/** The error ajv-errors replaced, or the error itself. */
function originalOf(error: RJSFValidationError): Partial<ErrorObject> {
  if (error.name !== "errorMessage") return { keyword: error.name, params: error.params };
  return (error.params as { errors?: ErrorObject[] } | undefined)?.errors?.[0] ?? { keyword: "errorMessage" };
}

/** `.mobile` / `mobile` → "mobile"; the forms are flat objects. */
const fieldOf = (property: string | undefined) => (property ?? "").replace(/^\./, "").split(".")[0] ?? "";

/** Field names in the order the form shows them: `ui:order` first, then the schema's own order. */
export function fieldOrder(schema: FieldSchema, uiSchema?: UiSchema): string[] {
  const own = Object.keys(schema.properties ?? {});
  const declared = ((uiSchema?.["ui:order"] as string[] | undefined) ?? []).filter((name) => own.includes(name));
  const rest = own.filter((name) => !declared.includes(name));
  const wildcard = declared.indexOf("*");
  return wildcard === -1 ? [...declared, ...rest] : [...declared.slice(0, wildcard), ...rest, ...declared.slice(wildcard + 1)];
}

const hasLatin = (text: string) => /[A-Za-z]/.test(text);

/**
 * A message for an error the schema has no words for: ajv-i18n's Chinese after the field's
 * title, or a plain "格式不正确" where ajv-i18n would still show a type name, a format name or
 * a property name in English.
 */
function fallbackMessage(error: RJSFValidationError, title: string): string {
  const { keyword } = originalOf(error);
  if (keyword === "required") return `请填写${title}`;
  const message = error.message ?? "";
  if (!message || hasLatin(message) || keyword === "type" || keyword === "pattern" || keyword === "format") {
    return `${title}格式不正确`;
  }
  return `${title}${message}`;
}

/**
 * Shapes ajv's errors for a form (docs/stack-notes.md, forms 2 and 5):
 * - a required error that ajv-errors reports on the object moves under the missing field;
 * - the `if` error ajv adds at the root beside the failing `then` keyword is dropped, since the
 *   field already carries the schema's message (the phone-format ordering in the user forms);
 * - errors with no schema message read in Chinese, named by the field's title, never in English;
 * - each field shows one message, a missing value before a malformed one, and the fields come in
 *   form order, so the first error is the one the spec gives first.
 */
export function transformErrorsFor(schema: RJSFSchema, uiSchema?: UiSchema): ErrorTransformer {
  const order = fieldOrder(schema as FieldSchema, uiSchema);
  const titleOf = (field: string) => {
    const fromUi = field ? getUiOptions(uiSchema?.[field] as UiSchema | undefined).title : undefined;
    return fromUi ?? (schema as FieldSchema).properties?.[field]?.title ?? (schema as FieldSchema).title ?? "";
  };
  return (errors) => {
    const shaped = errors
      .filter((error) => originalOf(error).keyword !== "if")
      .map((error) => {
        const original = originalOf(error);
        const missing = (original.params as { missingProperty?: string } | undefined)?.missingProperty;
        const field = original.keyword === "required" && missing ? missing : fieldOf(error.property);
        const message = error.name === "errorMessage" ? (error.message ?? "") : fallbackMessage(error, titleOf(field));
        const isMissing = original.keyword === "required" || original.keyword === "minLength";
        return { error: { ...error, property: field ? `.${field}` : "", message, stack: message }, field, isMissing };
      });
    const rank = (field: string) => {
      const index = order.indexOf(field);
      return index === -1 ? order.length : index;
    };
    const sorted = shaped
      .map((entry, index) => ({ ...entry, index }))
      .sort((a, b) => rank(a.field) - rank(b.field) || Number(b.isMissing) - Number(a.isMissing) || a.index - b.index);
    const seen = new Set<string>();
    return sorted
      .filter(({ field }) => {
        if (seen.has(field)) return false;
        seen.add(field);
        return true;
      })
      .map(({ error }) => error);
  };
}

const zhStrings: Record<TranslatableString, string> = {
  [TranslatableString.ArrayItemTitle]: "项",
  [TranslatableString.MissingItems]: "缺少数组项的定义",
  [TranslatableString.EmptyArray]: "暂无内容，点击下方按钮添加",
  [TranslatableString.YesLabel]: "是",
  [TranslatableString.NoLabel]: "否",
  [TranslatableString.CloseLabel]: "关闭",
  [TranslatableString.ErrorsLabel]: "错误",
  [TranslatableString.NewStringDefault]: "新值",
  [TranslatableString.AddButton]: "添加",
  [TranslatableString.AddItemButton]: "添加一项",
  [TranslatableString.CopyButton]: "复制",
  [TranslatableString.ExpandButton]: "展开",
  [TranslatableString.MoveDownButton]: "下移",
  [TranslatableString.MoveUpButton]: "上移",
  [TranslatableString.RemoveButton]: "删除",
  [TranslatableString.NowLabel]: "现在",
  [TranslatableString.ClearLabel]: "清除",
  [TranslatableString.AriaDateLabel]: "选择日期",
  [TranslatableString.PreviewLabel]: "预览",
  [TranslatableString.DecrementAriaLabel]: "减一",
  [TranslatableString.IncrementAriaLabel]: "加一",
  [TranslatableString.OptionalObjectAdd]: "填写此项",
  [TranslatableString.OptionalObjectRemove]: "清空此项",
  [TranslatableString.OptionalObjectEmptyMsg]: "此项未填写",
  [TranslatableString.Type]: "类型",
  [TranslatableString.Value]: "值",
  [TranslatableString.ClearButton]: "清空",
  [TranslatableString.UnknownFieldType]: "无法显示的字段类型 %1",
  [TranslatableString.OptionPrefix]: "选项 %1",
  [TranslatableString.TitleOptionPrefix]: "%1 选项 %2",
  [TranslatableString.KeyLabel]: "%1 键",
  [TranslatableString.DeprecatedLabel]: "%1（已停用）",
  [TranslatableString.CycleDetected]: "字段“%1”存在循环引用",
  [TranslatableString.InvalidObjectField]: "字段“%1”配置不正确：%2",
  [TranslatableString.UnsupportedField]: "无法显示的字段",
  [TranslatableString.UnsupportedFieldWithId]: "无法显示的字段 `%1`",
  [TranslatableString.UnsupportedFieldWithReason]: "无法显示的字段：%1",
  [TranslatableString.UnsupportedFieldWithIdAndReason]: "无法显示的字段 `%1`：%2",
  [TranslatableString.FilesInfo]: "**%1**（%2，%3 字节）",
};

/** RJSF's own strings in Chinese (docs/stack-notes.md: they are English by default). */
export const translateZh = (text: TranslatableString, params?: string[]): string =>
  replaceStringParameters(zhStrings[text] ?? text, params);
