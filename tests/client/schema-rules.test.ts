import { describe, expect, it } from "vitest";
import chgpasswdForm from "../../schemas/chgpasswd.form.schema.json";
import chgpasswd from "../../schemas/chgpasswd.schema.json";
import loginCodeRequest from "../../schemas/login.code-request.schema.json";
import loginPassword from "../../schemas/login.password.schema.json";
import registerForm from "../../schemas/register.form.schema.json";
import register from "../../schemas/register.schema.json";
import retrieveForm from "../../schemas/retrieve.form.schema.json";
import retrieve from "../../schemas/retrieve.schema.json";
import { checkField, compileSchema, schemaRules, validateValues } from "../../src/lib/schema-rules";

type RuleEntity = { required?: boolean; validator: (rule: unknown, value: unknown) => Promise<void> };
type RuleFactory = (form: { getFieldValue: (name: string) => unknown }) => RuleEntity;

/** Runs one field's antd rules the way antd Form does and returns the message, if any. */
async function runRules(rules: Record<string, unknown[]>, field: string, values: Record<string, unknown>) {
  const [factory] = rules[field] as RuleFactory[];
  const entity = factory({ getFieldValue: (name) => values[name] });
  try {
    await entity.validator({}, values[field]);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("schema rules from the real schemas", () => {
  it("orders register.form fields after the fields of the schema it refers to", () => {
    expect(compileSchema(registerForm, [register]).order).toEqual(["area_code", "mobile", "auth_code", "passwd", "name", "confirm", "agree"]);
  });

  it("reports an empty registration in the spec's order with the schema's messages", () => {
    const compiled = compileSchema(registerForm, [register]);
    const errors = validateValues(compiled, { mobile: "", auth_code: "", passwd: "", confirm: "", agree: false });
    expect(errors).toEqual([
      { field: "mobile", message: "请输入手机号" },
      { field: "auth_code", message: "请输入验证码" },
      { field: "passwd", message: "请输入密码" },
      { field: "confirm", message: "请再次输入密码" },
      { field: "agree", message: "请阅读并同意用户协议" },
    ]);
  });

  it("checks pattern, length, equality and the agreement once values are present", () => {
    const compiled = compileSchema(registerForm, [register]);
    const base = { mobile: "13800000000", auth_code: "123456", passwd: "secret1", confirm: "secret1", agree: true };
    expect(validateValues(compiled, base)).toEqual([]);
    expect(checkField(compiled, "mobile", { ...base, mobile: "2380000000" })).toBe("请填写正确的手机号");
    expect(checkField(compiled, "passwd", { ...base, passwd: "12345" })).toBe("密码长度为6-20位");
    expect(checkField(compiled, "passwd", { ...base, passwd: "x".repeat(21) })).toBe("密码长度为6-20位");
    expect(checkField(compiled, "auth_code", { ...base, auth_code: "123456789" })).toBe("验证码错误");
    expect(checkField(compiled, "confirm", { ...base, confirm: "secret2" })).toBe("两次输入的密码不一致");
    expect(checkField(compiled, "agree", { ...base, agree: false })).toBe("请阅读并同意用户协议");
  });

  it("treats an emptied input as missing, and optional empties as fine", () => {
    const compiled = compileSchema(loginPassword);
    expect(checkField(compiled, "mobile", { mobile: "" })).toBe("请输入手机号");
    expect(checkField(compiled, "mobile", { mobile: undefined })).toBe("请输入手机号");
    expect(checkField(compiled, "authcode", { authcode: "" })).toBeNull();
    expect(checkField(compiled, "authcode", { authcode: "123456789" })).toBe("验证码错误");
  });

  it("builds antd rules that reject with the first message and mark required fields", async () => {
    const rules = schemaRules(retrieveForm, [retrieve]) as unknown as Record<string, unknown[]>;
    expect(Object.keys(rules)).toEqual(["area_code", "mobile", "auth_code", "passwd", "confirm"]);
    const entity = (rules.passwd[0] as RuleFactory)({ getFieldValue: () => undefined });
    expect(entity.required).toBe(true);
    expect(await runRules(rules, "passwd", { passwd: "" })).toBe("请输入新密码");
    expect(await runRules(rules, "confirm", { passwd: "abcdef", confirm: "abcdeg" })).toBe("两次输入的密码不一致");
    expect(await runRules(rules, "confirm", { passwd: "abcdef", confirm: "abcdef" })).toBeNull();
  });

  it("uses the change-password form's own messages (3 §5)", async () => {
    const rules = schemaRules(chgpasswdForm, [chgpasswd]) as unknown as Record<string, unknown[]>;
    expect(await runRules(rules, "auth_code", {})).toBe("请输入验证码");
    expect(await runRules(rules, "passwd", {})).toBe("请输入新密码");
    expect(await runRules(rules, "confirm", { passwd: "abcdef" })).toBe("两次输入的密码不一致");
  });

  it("makes the graphic captcha required when the code-request schema is used", async () => {
    const rules = schemaRules(loginCodeRequest) as unknown as Record<string, unknown[]>;
    expect(await runRules(rules, "authcode", { authcode: "" })).toBe("请输入验证码");
    expect(await runRules(rules, "authcode", { authcode: "ab12" })).toBeNull();
  });

  it("refuses a $ref it was not given rather than validating less than the server", () => {
    expect(() => compileSchema(registerForm)).toThrow(/register#/);
  });
});
