import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { course, teacher } from "../../../resources";
import { auditApi } from "../../../resources/platform/audit-log";
import { daysFromNow } from "../../courses/server/courses-helpers";
import { startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { call, mobileSupply } from "./users-helpers";

/** The bespoke writes of people and courses are in the audit log, as the engine's writes are. */
let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const api = async (endpoint: Parameters<typeof call>[2], params?: Record<string, unknown>) => (await call(s.app, admin, endpoint, params)).body;
const history = async (resource: string, id: number) =>
  (await api(auditApi.history, { resource, id })).data as { Action: string; ActorName: string; Diff: string }[];
const diffOf = (row: { Diff: string }) => JSON.parse(row.Diff) as { before: Record<string, unknown>; after: Record<string, unknown> };

describe("the audit log of bespoke writes", () => {
  it("records a teacher's add, change and removal with what changed", async () => {
    const mobile = mobileSupply("1992000")();
    const added = await api(teacher.api.create, { name: "审计老师", mobile, passwd: "abc123" });
    const id = (added.data as { Id: number }).Id;
    await api(teacher.api.update, { id, name: "审计老师二", mobile });
    await api(teacher.api.update, { id, name: "审计老师二", mobile });
    await api(teacher.api.remove, { id });
    const rows = await history("teacher", id);
    expect(rows.map((r) => r.Action)).toEqual(["remove", "update", "create"]);
    expect(diffOf(rows[1])).toEqual({ before: { Name: "审计老师" }, after: { Name: "审计老师二" } });
    expect(diffOf(rows[2]).after).toMatchObject({ Id: id, Name: "审计老师", Mobile: mobile });
    expect(diffOf(rows[0]).before).toMatchObject({ Name: "审计老师二" });
    expect(rows[0].ActorName).not.toBe("");
  });

  it("records a course's add, change and removal, and nothing for a refused write", async () => {
    const made = (await api(course.api.create, { type: 6, title: "审计课程", expire: daysFromNow(30) })).data as { Id: number; Expire: string };
    expect((await api(course.api.update, { id: made.Id, title: "审计课程二", expire: made.Expire, maxusernum: 101 })).msg).toBe("互动大班课最大人数不能超过100人");
    await api(course.api.update, { id: made.Id, title: "审计课程二", expire: made.Expire });
    await api(course.api.remove, { id: made.Id });
    const rows = await history("course", made.Id);
    expect(rows.map((r) => r.Action)).toEqual(["remove", "update", "create"]);
    expect(diffOf(rows[1])).toEqual({ before: { Title: "审计课程" }, after: { Title: "审计课程二" } });
  });
});
