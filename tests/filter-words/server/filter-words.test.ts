import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterWordsApi, filterWordsMessages } from "../../../resources/filter-words/filter-words";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { savePermissions } from "../../../resources/kernel/menu";
import { liveApi } from "../../../resources/lives/live-api";
import { call } from "../../users/server/users-helpers";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";

/**
 * The sensitive words (3 §2.4, §5, §7.5, §8; issue 19 item 6): each list read and saved as JSON text
 * `{"words":[…]}` in `config`, at most 1000 words, each a trimmed tag of at most 50 characters
 * without separators and once only; per organisation; only for holders of filterWords.
 */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
});
afterAll(() => s.close());

const read = async (endpoint: Endpoint, cookie = admin) => {
  const body = (await call(s.app, cookie, endpoint)).body;
  expect(body.code, body.msg).toBe(0);
  return JSON.parse((body.data as { config: string }).config) as { words: string[] };
};
const save = async (endpoint: Endpoint, config: unknown, cookie = admin) => (await call(s.app, cookie, endpoint, { config: typeof config === "string" ? config : JSON.stringify(config) })).body;

const subadminWith = async (keys: string[]) => {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(keys)) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
  return signIn(s.app, "13800000004", "admin");
};

describe("the black and white lists (/cms/filterword/blackconfig, /whiteconfig)", () => {
  it("reads both as empty before any save", async () => {
    expect(await read(filterWordsApi.black)).toEqual({ words: [] });
    expect(await read(filterWordsApi.white)).toEqual({ words: [] });
  });

  it("saves each list by itself with 保存成功 and reads it back, the other list untouched", async () => {
    expect(await save(filterWordsApi.blackSet, { words: ["海市", "Spam", "广告 链接"] })).toMatchObject({ code: 0, msg: filterWordsMessages.saved });
    expect(await read(filterWordsApi.black)).toEqual({ words: ["海市", "Spam", "广告 链接"] });
    expect(await read(filterWordsApi.white)).toEqual({ words: [] });
    expect(await save(filterWordsApi.whiteSet, { words: ["上海市"] })).toMatchObject({ code: 0, msg: "保存成功" });
    expect(await read(filterWordsApi.white)).toEqual({ words: ["上海市"] });
    expect(await read(filterWordsApi.black)).toEqual({ words: ["海市", "Spam", "广告 链接"] });
    const log = await s.db.kysely.selectFrom("audit_log").select(["resource", "diff"]).where("resource", "=", "filterWhiteWords").executeTakeFirstOrThrow();
    expect(JSON.parse(log.diff)).toMatchObject({ after: { words: ["上海市"] } });
  });

  it("keeps 1000 words and refuses 1001 with 敏感词最多1000个, changing nothing", async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => `词${i}`);
    expect((await save(filterWordsApi.blackSet, { words: thousand })).code).toBe(0);
    expect((await read(filterWordsApi.black)).words).toHaveLength(1000);
    expect(await save(filterWordsApi.blackSet, { words: [...thousand, "多一个"] })).toMatchObject({ code: 400, msg: "敏感词最多1000个" });
    expect((await read(filterWordsApi.black)).words).toEqual(thousand);
  });

  it("refuses a word that is not one trimmed tag of at most 50 characters, a repeat, and text that is not the list, in words", async () => {
    const before = await read(filterWordsApi.white);
    const refused: [unknown, string][] = [
      [{ words: ["长".repeat(51)] }, "每个敏感词不能超过50个字"],
      [{ words: [""] }, "敏感词不能为空"],
      [{ words: [" 前后空格 "] }, "敏感词不能含有分隔符（；，、）或首尾空格"],
      [{ words: ["甲;乙"] }, "敏感词不能含有分隔符（；，、）或首尾空格"],
      [{ words: ["甲、乙"] }, "敏感词不能含有分隔符（；，、）或首尾空格"],
      [{ words: ["甲，乙"] }, "敏感词不能含有分隔符（；，、）或首尾空格"],
      [{ words: ["换\n行"] }, "敏感词不能含有分隔符（；，、）或首尾空格"],
      [{ words: ["同", "同"] }, "敏感词不能重复"],
      [{ words: [1] }, "敏感词格式不正确"],
      [{ words: "甲" }, "敏感词格式不正确"],
      ["[]", filterWordsMessages.invalid],
      ["{", filterWordsMessages.invalid],
    ];
    for (const [config, msg] of refused) expect(await save(filterWordsApi.whiteSet, config), JSON.stringify(config)).toMatchObject({ code: 400, msg });
    expect(await save(filterWordsApi.whiteSet, "x".repeat(120_001))).toMatchObject({ code: 400, msg: "敏感词内容过长" });
    expect((await call(s.app, admin, filterWordsApi.whiteSet, {})).body).toMatchObject({ code: 400, msg: "敏感词格式不正确" });
    expect(await read(filterWordsApi.white)).toEqual(before);
  });

  it("keeps each organisation's lists to itself", async () => {
    expect((await save(filterWordsApi.blackSet, { words: ["本校的词"] })).code).toBe(0);
    const other = await signIn(s.app, "13900000000", "admin");
    expect(await read(filterWordsApi.black, other)).toEqual({ words: [] });
    expect((await save(filterWordsApi.blackSet, { words: ["二校的词"] }, other)).code).toBe(0);
    expect(await read(filterWordsApi.black, other)).toEqual({ words: ["二校的词"] });
    expect(await read(filterWordsApi.black)).toEqual({ words: ["本校的词"] });
  });

  it("refuses every call without the filterWords menu key, before validation; with it, the group config is readable too (the white list's switch)", async () => {
    const calls: [Endpoint, Record<string, unknown>][] = [
      [filterWordsApi.black, {}],
      [filterWordsApi.white, {}],
      [filterWordsApi.blackSet, { config: "bad" }],
      [filterWordsApi.whiteSet, { config: JSON.stringify({ words: ["x"] }) }],
    ];
    const without = await subadminWith(["teacherop"]);
    for (const [endpoint, params] of calls) expect((await call(s.app, without, endpoint, params)).body.code, endpoint.path).toBe(403);
    expect((await call(s.app, "", filterWordsApi.black)).status).toBe(401);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await call(s.app, teacher, filterWordsApi.black)).body.code).toBe(403);
    const holder = await subadminWith(["filterWords"]);
    expect(await read(filterWordsApi.black, holder)).toEqual({ words: ["本校的词"] });
    expect((await call(s.app, holder, liveApi.groupConfig)).body.code).toBe(0);
    expect((await call(s.app, holder, liveApi.groupConfigSet, { config: "{}" })).body.code).toBe(403);
  });
});
