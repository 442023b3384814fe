import { describe, expect, it } from "vitest";
import chgpasswdForm from "../../../schemas/auth/chgpasswd.edit.schema.json";
import loginCodeRequest from "../../../schemas/auth/login.code-request.schema.json";
import loginPassword from "../../../schemas/auth/login.password.schema.json";
import registerForm from "../../../schemas/auth/register.form.schema.json";
import chgpasswd from "../../../schemas/auth/chgpasswd.schema.json";
import retrieve from "../../../schemas/auth/retrieve.schema.json";
import retrieveForm from "../../../schemas/auth/retrieve.form.schema.json";
import studentImportRow from "../../../schemas/users/student.import-row.schema.json";
import { schemaRules } from "../../../src/engine/light-rules";
import { fieldProblem, schemaFields, schemaProblems } from "../../../src/engine/schema-check";

/**
 * The sign-in pages, the import tables and the stories check values with the one client
 * validator (src/engine/schema-check.ts over validator.ts; light-rules.ts loads it on first use): the schemas' own messages, in the
 * form's order, with `$ref`s resolved by the validator's ajv.
 */

type RuleEntity = { required?: boolean; validator: (rule: unknown, value: unknown) => Promise<void> };
type RuleFactory = (form: { getFieldsValue: (all: true) => Record<string, unknown> }) => RuleEntity;

/** Runs one field's antd rule the way antd Form does and returns the message, if any. */
async function runRule(rules: Record<string, unknown[]>, field: string, values: Record<string, unknown>) {
  const [factory] = rules[field] as RuleFactory[];
  try {
    await factory({ getFieldsValue: () => values }).validator({}, values[field]);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the light forms check with the one validator", () => {
  it("orders register.form fields after those of the schema it refers to", () => {
    expect(schemaFields(registerForm)).toEqual(["area_code", "mobile", "auth_code", "passwd", "name", "confirm", "agree"]);
  });

  it("reports an empty registration in the spec's order with the schema's messages", () => {
    expect(schemaProblems(registerForm, { mobile: "", auth_code: "", passwd: "", confirm: "", agree: false })).toEqual([
      { field: "mobile", message: "请输入手机号" },
      { field: "auth_code", message: "请输入验证码" },
      { field: "passwd", message: "请输入密码" },
      { field: "confirm", message: "请再次输入密码" },
      { field: "agree", message: "请阅读并同意用户协议" },
    ]);
  });

  it("checks the shared phone rule, length, equality and the agreement once values are present", () => {
    const base = { mobile: "13800000000", auth_code: "123456", passwd: "secret1", confirm: "secret1", agree: true };
    expect(schemaProblems(registerForm, base)).toEqual([]);
    expect(fieldProblem(registerForm, "mobile", { ...base, mobile: "2380000000" })).toBe("请填写正确的手机号");
    expect(fieldProblem(registerForm, "passwd", { ...base, passwd: "12345", confirm: "12345" })).toBe("密码长度为6-20位");
    expect(fieldProblem(registerForm, "passwd", { ...base, passwd: "x".repeat(21) })).toBe("密码长度为6-20位");
    expect(fieldProblem(registerForm, "auth_code", { ...base, auth_code: "123456789" })).toBe("验证码错误");
    expect(fieldProblem(registerForm, "confirm", { ...base, confirm: "secret2" })).toBe("两次输入的密码不一致");
    expect(fieldProblem(registerForm, "agree", { ...base, agree: false })).toBe("请阅读并同意用户协议");
  });

  it("treats an emptied input as missing, and optional empties as fine", () => {
    expect(fieldProblem(loginPassword, "mobile", { mobile: "" })).toBe("请输入手机号");
    expect(fieldProblem(loginPassword, "mobile", { mobile: undefined })).toBe("请输入手机号");
    expect(fieldProblem(loginPassword, "authcode", { authcode: "" })).toBeNull();
    expect(fieldProblem(loginPassword, "authcode", { authcode: "123456789" })).toBe("验证码错误");
  });

  it("builds antd rules that reject with the field's first message and mark required fields", async () => {
    const rules = schemaRules(retrieveForm, [retrieve]) as unknown as Record<string, unknown[]>;
    expect(Object.keys(rules)).toEqual(["area_code", "mobile", "auth_code", "passwd", "confirm"]);
    expect((rules.passwd[0] as RuleFactory)({ getFieldsValue: () => ({}) }).required).toBe(true);
    expect((rules.area_code[0] as RuleFactory)({ getFieldsValue: () => ({}) }).required).toBe(false);
    expect(await runRule(rules, "passwd", { passwd: "" })).toBe("请输入新密码");
    expect(await runRule(rules, "confirm", { passwd: "abcdef", confirm: "abcdeg" })).toBe("两次输入的密码不一致");
    expect(await runRule(rules, "confirm", { passwd: "abcdef", confirm: "abcdef" })).toBeNull();
  });

  it("uses the change-password form's own messages (3 §5)", async () => {
    const rules = schemaRules(chgpasswdForm, [chgpasswd]) as unknown as Record<string, unknown[]>;
    expect(await runRule(rules, "auth_code", {})).toBe("请输入验证码");
    expect(await runRule(rules, "passwd", {})).toBe("请输入新密码");
    expect(await runRule(rules, "confirm", { passwd: "abcdef" })).toBe("两次输入的密码不一致");
  });

  it("makes the graphic captcha required when the code-request schema is used", async () => {
    const rules = schemaRules(loginCodeRequest) as unknown as Record<string, unknown[]>;
    expect(await runRule(rules, "authcode", { authcode: "" })).toBe("请输入验证码");
    expect(await runRule(rules, "authcode", { authcode: "ab12" })).toBeNull();
  });

  it("refuses a form whose allOf schema it was not given rather than guessing its fields", () => {
    expect(() => schemaRules(registerForm)).toThrow(/register#/);
  });

  it("gives an import row the import table's words over the shared rules", () => {
    const row = { name: "王", passwd: "abc123", mobile: "13812345678" };
    expect(schemaProblems(studentImportRow, row)).toEqual([]);
    expect(schemaProblems(studentImportRow, { ...row, mobile: "2380000000" })).toEqual([{ field: "mobile", message: "手机号格式不对" }]);
    expect(schemaProblems(studentImportRow, { ...row, mobile: "" })).toEqual([{ field: "mobile", message: "手机号不能为空" }]);
    expect(schemaProblems(studentImportRow, { ...row, passwd: "abcdef" })).toEqual([
      { field: "passwd", message: "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！" },
    ]);
  });
});
