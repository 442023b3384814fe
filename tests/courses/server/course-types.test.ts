import type { RJSFSchema } from "@rjsf/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { course, subadmin } from "../../../resources";
import { courseTypes } from "../../../resources/courses/course";
import { formatDateTime } from "../../../server/services/datetime";
import { formValidator, transformErrorsFor } from "../../../src/engine/validator";
import createFile from "../../../schemas/courses/course.create.schema.json";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { caller, daysFromNow } from "./courses-helpers";
import { mobileSupply } from "../../users/server/users-helpers";

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
});
afterAll(() => s.close());

const createSchema = createFile as RJSFSchema;
const freshMobile = mobileSupply("1992100");
const offered = async (cookie: string) => (await api(cookie, course.extra.offeredTypes)).data;

/** A sub-admin holding `menu` keys and these extended keys, signed in. */
async function subAdmin(menu: string[], extended: string[]) {
  const mobile = freshMobile();
  const userop = JSON.stringify([{ label: "课程直播", subMenus: menu.map((key) => ({ label: key, path: key })) }]);
  const useropex = JSON.stringify([{ label: "课程类型", subMenus: extended.map((key) => ({ label: key, path: key })) }]);
  const made = await api(admin, subadmin.api.create, { name: "课程管理员", mobile, passwd: "abc123", userop, useropex });
  expect(made.code, made.msg).toBe(0);
  return signIn(s.app, mobile, "admin", "abc123");
}

describe("GET /cms/coursetypes: the types the create form offers (1 §6)", () => {
  it("gives the main admin every type, in form order", async () => {
    expect(await offered(admin)).toEqual(courseTypes.map((t) => t.code));
  });

  it("gives an admin holding main keys only their types, and what it offers is what adding accepts", async () => {
    const cookie = await signIn(s.app, "13800000009", "admin");
    expect(await offered(cookie)).toEqual([0, 1]);
    const hudong = await subAdmin(["courseop"], ["hudongClass", "publicReplyClass"]);
    const codes = (await offered(hudong)) as number[];
    expect(codes).toEqual([2, 6]);
    for (const t of courseTypes) {
      const body = await api(hudong, course.api.create, { type: t.code, title: "可选班型", expire: daysFromNow(3) });
      expect(body.code === 0, `${t.code}: ${body.msg}`).toBe(codes.includes(t.code));
    }
  });

  it("is refused without the course menu", async () => {
    const cookie = await subAdmin(["liveop"], ["bigClass"]);
    expect((await api(cookie, course.extra.offeredTypes)).code).toBe(403);
    expect((await api("", course.extra.offeredTypes)).code).toBe(401);
  });
});

describe("an expiry in the past (the schema's notBeforeNow keyword, on both sides)", () => {
  const clientErrors = (payload: Record<string, unknown>) =>
    formValidator.validateFormData(payload, createSchema, undefined, transformErrorsFor(createSchema)).errors.map((e) => `${e.property} ${e.message}`);

  it("is refused by the server and by the forms' validator with the same message on the expiry", async () => {
    const past = formatDateTime(Date.now() - 60_000);
    const body = await api(admin, course.api.create, { type: 1, title: "过期", expire: past });
    expect(body).toMatchObject({ code: 400, msg: "课程有效期不能小于当前时间", data: { field: "expire" } });
    expect(clientErrors({ type: 1, title: "过期", expire: past })).toEqual([".expire 课程有效期不能小于当前时间"]);
  });

  it("lets a future expiry through, and leaves a time that does not exist to the format message", async () => {
    expect(clientErrors({ type: 1, title: "将来", expire: daysFromNow(1) })).toEqual([]);
    expect((await api(admin, course.api.create, { type: 1, title: "不存在", expire: "2026-02-30 10:00:00" })).msg).toBe("课程有效期格式不正确");
    expect(clientErrors({ type: 1, title: "不存在", expire: "2026-02-30 10:00:00" })).toEqual([]);
  });

  it("does not apply to a change: an expired course may keep its expiry (1 §5 edit rules)", async () => {
    const made = await api(admin, course.api.create, { type: 1, title: "修改过期", expire: daysFromNow(1) });
    const id = (made.data as { Id: number }).Id;
    const body = await api(admin, course.api.update, { id, title: "修改过期", expire: formatDateTime(Date.now() - 86_400_000) });
    expect(body.code, body.msg).toBe(0);
  });
});
