import { describe, expect, it } from "vitest";
import { loadForm } from "../../../src/engine/form-schemas";
import { formValidator, transformErrorsFor } from "../../../src/engine/validator";
import { inlineRefs } from "../../../src/lib/schema-refs";
import { rowProblem } from "../../../src/features/users/student-import/import-rows";

/** Issue 8, finding 19: default passwords follow the portal's rule (spec 2 §5), written once in schemas/kernel/password.def. */
const weak = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";
const forms = ["teacher.create", "assistant.create", "student.create", "subadmin.create"];

async function passwordMessage(formId: string, passwd: string | undefined) {
  const { schema, uiSchema } = await loadForm(formId);
  const data = { name: "王", mobile: "13812345678", ...(passwd === undefined ? {} : { passwd }) };
  const { errors } = formValidator.validateFormData(data, schema, undefined, transformErrorsFor(schema, uiSchema), uiSchema);
  return errors.find((error) => error.property === ".passwd")?.message ?? null;
}

describe("the default password of the add forms", () => {
  for (const form of forms)
    it(`${form}: 6 to 16 characters with letters and digits, or the portal's message`, async () => {
      for (const passwd of ["1", "abc12", "abcdefgh", "12345678", "abc1234567890defg"]) expect(await passwordMessage(form, passwd), passwd).toBe(weak);
      for (const passwd of ["abc123", "demo1234", "Pass-1234", "abc1234567890def"]) expect(await passwordMessage(form, passwd), passwd).toBeNull();
      expect(await passwordMessage(form, undefined)).toBe("请填写默认密码");
    });

  it("holds for a row of the student import, whose password may be left empty", () => {
    const row = { key: 1, name: "张三", mobile: "13812345678", remark: "", state: "pending" as const };
    expect(rowProblem({ ...row, passwd: "1" })).toEqual({ field: "passwd", message: weak });
    expect(rowProblem({ ...row, passwd: "abc123" })).toBeNull();
    expect(rowProblem({ ...row, passwd: "" })).toBeNull();
  });
});

describe("inlineRefs", () => {
  const rule = { $id: "rule.def", type: "string", pattern: "^a", errorMessage: { pattern: "须以a开头" } };

  it("writes a shared definition out beside the referring node's own keywords and messages", () => {
    const node = { $ref: "rule.def#", type: "string", title: "字段", minLength: 1, errorMessage: { minLength: "必填" } };
    expect(inlineRefs({ properties: { f: node } }, [rule])).toEqual({
      properties: { f: { type: "string", title: "字段", pattern: "^a", minLength: 1, errorMessage: { pattern: "须以a开头", minLength: "必填" } } },
    });
  });

  it("refuses what it could not write out faithfully", () => {
    expect(() => inlineRefs({ $ref: "rule.def#", pattern: "^b" }, [rule])).toThrow(/both set "pattern"/);
    expect(() => inlineRefs({ $ref: "rule.def#", errorMessage: "总是这句" }, [rule])).toThrow(/errorMessage/);
    expect(() => inlineRefs({ $ref: "missing.def#" }, [rule])).toThrow(/no shared definition/);
  });
});
