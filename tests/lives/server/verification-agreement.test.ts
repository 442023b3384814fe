import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatorApi, type RegistrationField, type ValidatorSettings } from "../../../resources/lives/live-api";
import { defaultValidatorSettings, phoneField } from "../../../resources/lives/live-validator";
import { schemaProblems } from "../../../src/engine/schema-check";
import { schemaFiles } from "../../../src/engine/validator";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { orgLives, serviceCall, tokenFor } from "./verification-helpers";

/**
 * The drawer checks the settings and the whitelist entry with the schema files the validator
 * service validates them with (src/features/lives/verification/settings-problems.ts, the entry's RJSF
 * form). Each payload goes through both; the first message must be the same, or both must accept.
 */
let s: TestServer;
let admin: string;
let live: number;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  live = (await orgLives(s, "示例学校")).active[0];
  token = await tokenFor(s.app, admin, live);
});
afterAll(() => s.close());

const clientFirst = (id: string, payload: object) => schemaProblems(schemaFiles.find((file) => file.$id === id)!, payload as Record<string, unknown>)[0]?.message ?? null;

async function serverFirst(endpoint: typeof validatorApi.save, payload: object): Promise<string | null> {
  const { body } = await serviceCall(s.app, admin, endpoint, { roomid: live, token }, payload);
  if (body.code === 0) return null;
  expect(body.code, body.msg).toBe(400);
  return body.msg;
}

const settings = (change: Partial<ValidatorSettings>): ValidatorSettings => ({ ...defaultValidatorSettings, ...change });
const field = (change: Partial<RegistrationField>): RegistrationField => ({ formaDataType: 3, name: "姓名", placeholder: "", required: false, checkList: [], isPhone: false, ...change });
const on = (...fields: RegistrationField[]) => settings({ extra: { isRecord: 2, data: [phoneField, ...fields] } });

const settingsCases: [string, object, string | null][] = [
  ["the default", defaultValidatorSettings, null],
  ["a single password", settings({ check: 3, password: "abc" }), null],
  ["a single password left empty", settings({ check: 3, password: "" }), "请输入验证密码"],
  ["a single password of spaces", settings({ check: 3, password: "  " }), "请输入验证密码"],
  ["a password past 64", settings({ check: 3, password: "p".repeat(65) }), "验证密码不能超过64字"],
  ["a bad logo address", settings({ logo_url: "ftp://x" }), "Logo地址不正确"],
  ["a bad cover address", settings({ poster: "x y" }), "封面地址不正确"],
  ["a registration form", on(field({}), field({ formaDataType: 5, name: "年级", checkList: ["高一"] })), null],
  ["registration on, nothing in it", settings({ extra: { isRecord: 2, data: [] } }), "开启报名登记时需包含手机号"],
  ["a nameless field", on(field({ name: "" })), "请完善信息名称"],
  ["an empty option", on(field({ formaDataType: 6, name: "兴趣", checkList: [""] })), "内容不能为空"],
  ["no options", on(field({ formaDataType: 5, name: "年级", checkList: [] })), "内容不能为空"],
  ["options before a nameless field", on(field({ formaDataType: 5, name: "年级", checkList: [] }), field({ name: "" })), "请完善信息名称"],
  ["a long name", on(field({ name: "名".repeat(21) })), "信息名称不能超过20字"],
  ["a phone field not required", settings({ extra: { isRecord: 2, data: [{ ...phoneField, required: false }] } }), "手机号必须是第一项且必填"],
  ["a second phone field", on({ ...phoneField }), "手机号只能是第一项"],
  ["a nameless field with registration off", settings({ extra: { isRecord: 1, data: [phoneField, field({ name: "" })] } }), null],
];

const entryCases: [string, object, string | null][] = [
  ["both", { username: "甲", password: "p1" }, null],
  ["no password", { username: "甲", password: "" }, "请输入用户名和密码"],
  ["no username", { username: "", password: "p2" }, "请输入用户名和密码"],
  ["a blank username", { username: "  ", password: "p3" }, "请输入用户名和密码"],
  ["a long password", { username: "甲", password: "p".repeat(65) }, "密码不能超过64字"],
];

describe("the drawer and the validator service agree", () => {
  it.each(settingsCases)("on the settings: %s", async (_, payload, expected) => {
    expect(clientFirst("validator.save", payload)).toBe(expected);
    expect(await serverFirst(validatorApi.save, payload)).toBe(expected);
  });

  it.each(entryCases)("on a whitelist entry: %s", async (_, payload, expected) => {
    expect(clientFirst("whitelist.create", payload)).toBe(expected);
    expect(clientFirst("whitelist.edit", payload)).toBe(expected);
    expect(await serverFirst(validatorApi.whitelistAdd, payload)).toBe(expected);
  });
});
