import { TranslatableString, type RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { loadForm } from "../../../../src/engine/form-schemas";
import { loadFormValidators } from "../../../../scripts/lib/form-validators";
import { formValidator, precompiledFormValidator, schemaFiles, transformErrorsFor, translateZh } from "../../../../src/engine/validator";

/** What the form shows for `data`: each field's message, in the form's order. */
async function messages(formId: string, data: Record<string, unknown>) {
  const { schema, uiSchema } = await loadForm(formId);
  const { errors, errorSchema } = formValidator.validateFormData(data, schema, undefined, transformErrorsFor(schema, uiSchema), uiSchema);
  return { shown: errors.map((error) => [error.property, error.message]), errorSchema };
}

/** A validator for a test's own schema, compiled as the build compiles the files of schemas/. */
const validatorOf = (schema: RJSFSchema) => precompiledFormValidator(loadFormValidators(schemaFiles, [schema]));

describe("the form validator", () => {
  it("puts a required message under its field, not on the form", async () => {
    const { shown, errorSchema } = await messages("teacher.create", {});
    expect(shown).toEqual([
      [".name", "请填写用户名"],
      [".mobile", "请填写手机号"],
      [".passwd", "请填写默认密码"],
    ]);
    expect(errorSchema).not.toHaveProperty("__errors");
  });

  it("drops the root 'if' error beside the phone format message", async () => {
    const { shown, errorSchema } = await messages("teacher.create", { name: "王", mobile: "123", passwd: "abc123" });
    expect(shown).toEqual([[".mobile", "请填写正确的手机号"]]);
    expect(errorSchema).toEqual({ mobile: { __errors: ["请填写正确的手机号"] } });
  });

  it("keeps the schema's own words (ajv-i18n does not overwrite them)", async () => {
    const { shown } = await messages("student.edit", { id: 3, name: "   ", mobile: "1234" });
    expect(shown).toEqual([
      [".name", "用户名不能为空"],
      [".mobile", "请填写正确的手机号"],
    ]);
  });

  it("says in Chinese what a schema has no words for, naming the field, with no English", async () => {
    const schema: RJSFSchema = {
      type: "object",
      properties: { age: { type: "integer", title: "年龄", maximum: 150 }, code: { type: "string", title: "编码", format: "email" }, tag: { type: "string", title: "标签" } },
      required: ["tag"],
    };
    const { errors } = validatorOf(schema).validateFormData({ age: 200, code: "x" }, schema, undefined, transformErrorsFor(schema));
    expect(errors.map((error) => [error.property, error.message])).toEqual([
      [".age", "年龄应当为 <= 150"],
      [".code", "编码格式不正确"],
      [".tag", "请填写标签"],
    ]);
    for (const error of errors) expect(error.stack).not.toMatch(/[A-Za-z]/);
  });

  it("shows one message per field, a missing value before a malformed one", async () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string", title: "姓名", minLength: 2, pattern: "^[a-z]+$", errorMessage: { minLength: "太短", pattern: "只能是小写字母" } } },
    } as RJSFSchema;
    const { errors } = validatorOf(schema).validateFormData({ name: "A" }, schema, undefined, transformErrorsFor(schema));
    expect(errors.map((error) => error.message)).toEqual(["太短"]);
  });

  it("gives RJSF's own strings in Chinese", () => {
    expect(translateZh(TranslatableString.AddButton)).toBe("添加");
    expect(translateZh(TranslatableString.UnknownFieldType, ["foo"])).toBe("无法显示的字段类型 foo");
  });
});
