import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistant, student, subadmin, teacher } from "../../../resources";
import { ep, type Endpoint } from "../../../resources/kernel/endpoint";
import { ok } from "../../../server/plugins/envelope";
import { route } from "../../../server/engine/route";
import { schemaProblems } from "../../../src/engine/schema-check";
import { schemaFiles } from "../../../src/engine/validator";
import { signIn, startTestServer, type TestServer } from "./helpers";
import { call, mobileSupply, type Row } from "../../users/server/users-helpers";

/**
 * The forms and the server read the same schema files; this proves they also say the same
 * thing. Each fixture is validated twice: by the client's own validator (src/engine/validator.ts
 * through schema-check.ts: every schema registered, an emptied input dropped as RJSF drops it, a
 * required error under its field, the first field in the form's order) and by the server through
 * the real endpoint. Both must give the message the spec gives, on the same field.
 */

type Json = Record<string, unknown>;

function clientFirst(schemaId: string, payload: Json): { msg: string; field: string } | null {
  const [first] = schemaProblems(schemaFiles.find((file) => file.$id === schemaId)!, payload);
  return first ? { msg: first.message, field: first.field } : null;
}

let s: TestServer;
let admin: string;
const importRow = ep("POST /test/student-import-row");
/** A record of each role to edit, and a supply of unused mobiles. */
const records: Record<string, Row> = {};
const fresh = mobileSupply("1880000");

beforeAll(async () => {
  s = await startTestServer();
  // The import row has no endpoint of its own (each row goes to POST /cms/student); this one
  // runs the server's validation of the schema the import table uses.
  route(s.app, importRow, { body: "student.import-row", summary: "test only" }, async () => ok());
  admin = await signIn(s.app, "13800000000", "admin");
  for (const r of [subadmin, teacher, assistant, student]) {
    const { body } = await call(s.app, admin, r.api.create, { name: "原名", mobile: fresh(), passwd: "abc123" });
    records[r.name] = body.data as Row;
  }
});
afterAll(() => s.close());

interface Case {
  payload: Json;
  /** The message and field the spec gives; null for a payload both must accept. */
  expect: [msg: string, field: string] | null;
}
const bad = (payload: Json, msg: string, field: string): Case => ({ payload, expect: [msg, field] });
const good = (payload: Json): Case => ({ payload, expect: null });
const long = (n: number) => "长".repeat(n);
/** The portal's password rule (spec 2 §5), schemas/kernel/password.def. */
const weakPassword = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";
const perms = JSON.stringify([{ label: "用户管理", subMenus: [{ label: "老师管理", path: "teacherop" }] }]);
const ex = JSON.stringify([{ label: "课程类型", subMenus: [{ label: "大班课", path: "bigClass" }] }]);

const createCases = (form: "staff" | "student", extra: Json): (() => Case[]) => () => [
  bad({}, "请填写用户名", "name"),
  bad({ name: "", mobile: "", passwd: "" }, "请填写用户名", "name"),
  bad({ name: "   ", mobile: fresh(), passwd: "abc123" }, "请填写用户名", "name"),
  bad({ name: "张三" }, "请填写手机号", "mobile"),
  bad({ name: "张三", mobile: "", passwd: "abc123" }, "请填写手机号", "mobile"),
  ...(form === "staff"
    ? [bad({ name: "张三", mobile: "123" }, "请填写默认密码", "passwd"), bad({ name: "张三", mobile: "123", passwd: "" }, "请填写默认密码", "passwd")]
    : [bad({ name: "张三", mobile: "123" }, "请填写正确的手机号", "mobile"), bad({ name: "张三", mobile: "123", passwd: "" }, "请填写正确的手机号", "mobile")]),
  bad({ name: "张三", mobile: fresh() }, "请填写默认密码", "passwd"),
  bad({ name: "张三", mobile: "123", passwd: "abc123" }, "请填写正确的手机号", "mobile"),
  bad({ name: "张三", mobile: "1380000000a", passwd: "abc123" }, "请填写正确的手机号", "mobile"),
  bad({ name: long(31), mobile: "123", passwd: "abc123" }, "用户名不能超过30字", "name"),
  bad({ name: "张三", mobile: fresh(), passwd: "1" }, weakPassword, "passwd"),
  bad({ name: "张三", mobile: fresh(), passwd: "x1".repeat(8) + "x" }, weakPassword, "passwd"),
  bad({ name: "张三", mobile: fresh(), passwd: "abc123", nick: long(31) }, "昵称不能超过30字", "nick"),
  good({ name: "张三", mobile: fresh(), passwd: "abc123" }),
  good({ name: long(30), mobile: fresh(), passwd: "x1".repeat(8), nick: long(30), ...extra }),
];

const editCases = (role: string, extra: Json): (() => Case[]) => () => {
  const { Id: id, Mobile: mobile } = records[role];
  return [
    bad({ id }, "用户名不能为空", "name"),
    bad({ id, name: "", mobile: "" }, "用户名不能为空", "name"),
    bad({ id, name: " ", mobile }, "用户名不能为空", "name"),
    bad({ id, name: "张三" }, "手机号不能为空", "mobile"),
    bad({ id, name: "张三", mobile: "" }, "手机号不能为空", "mobile"),
    bad({ id, name: "张三", mobile: "1380000000" }, "请填写正确的手机号", "mobile"),
    bad({ id, name: long(31), mobile }, "用户名不能超过30字", "name"),
    bad({ name: "张三", mobile }, "记录编号不正确", "id"),
    bad({ id: 0, name: "张三", mobile }, "记录编号不正确", "id"),
    good({ id, name: "新名", mobile }),
    good({ id, name: "新名", mobile, ...extra }),
  ];
};

const forms: { schema: string; endpoint: () => Endpoint; cases: () => Case[] }[] = [
  { schema: "subadmin.create", endpoint: () => subadmin.api.create, cases: createCases("staff", { userop: perms, useropex: ex }) },
  { schema: "teacher.create", endpoint: () => teacher.api.create, cases: createCases("staff", { userop: "[]" }) },
  { schema: "assistant.create", endpoint: () => assistant.api.create, cases: createCases("staff", { userop: "[]" }) },
  { schema: "student.create", endpoint: () => student.api.create, cases: createCases("student", {}) },
  { schema: "subadmin.edit", endpoint: () => subadmin.api.update, cases: editCases("subadmin", { userop: perms, useropex: ex }) },
  { schema: "teacher.edit", endpoint: () => teacher.api.update, cases: editCases("teacher", { userop: "[]" }) },
  { schema: "assistant.edit", endpoint: () => assistant.api.update, cases: editCases("assistant", { userop: "[]" }) },
  { schema: "student.edit", endpoint: () => student.api.update, cases: editCases("student", {}) },
  {
    schema: "student.import-row",
    endpoint: () => importRow,
    cases: () => [
      bad({}, "手机号不能为空", "mobile"),
      bad({ name: "张三", passwd: "abc123", mobile: "" }, "手机号不能为空", "mobile"),
      bad({ name: "张三", mobile: "12345" }, "手机号格式不对", "mobile"),
      bad({ name: long(31), mobile: "" }, "用户名不能超过30字", "name"),
      bad({ passwd: "123456", mobile: "13800000003" }, weakPassword, "passwd"),
      bad({ mobile: "13800000003", remark: long(201) }, "备注不能超过200字", "remark"),
      good({ mobile: "13800000003" }),
      good({ name: "张三", passwd: "abc123", mobile: "13800000003", remark: "第2行" }),
    ],
  },
  {
    schema: "list.query",
    endpoint: () => student.api.search!,
    cases: () => [
      bad({ page: 0 }, "页码不正确", "page"),
      bad({ page: 1.5 }, "页码不正确", "page"),
      bad({ page: 1, count: 0 }, "每页条数应为1-100", "count"),
      bad({ count: 101 }, "每页条数应为1-100", "count"),
      bad({ key: long(51) }, "搜索内容不能超过50字", "key"),
      good({}),
      good({ page: 2, count: 100, key: long(50) }),
    ],
  },
  {
    schema: "id.query",
    endpoint: () => student.api.remove!,
    cases: () => [bad({}, "记录编号不正确", "id"), bad({ id: 0 }, "记录编号不正确", "id"), good({ id: records.student.Id })],
  },
];

describe("client and server agree on every user-management schema", () => {
  it("covers every schema the resources name, and the import row", () => {
    const named = [subadmin, teacher, assistant, student].flatMap((r) => [r.forms.create, r.forms.edit]);
    expect(forms.map((f) => f.schema)).toEqual(expect.arrayContaining([...named, "student.import-row", "list.query", "id.query"]));
  });

  for (const form of forms)
    it(form.schema, async () => {
      for (const { payload, expect: wanted } of form.cases()) {
        const client = clientFirst(form.schema, payload);
        const { body } = await call(s.app, admin, form.endpoint(), payload);
        const server = body.code === 0 ? null : { msg: body.msg, field: (body.data as { field?: string } | null)?.field ?? "" };
        const label = `${form.schema} ${JSON.stringify(payload)}`;
        expect(client, `client: ${label}`).toEqual(wanted && { msg: wanted[0], field: wanted[1] });
        expect(server, `server: ${label}`).toEqual(client);
      }
    });
});
