import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ep } from "../../../../resources/kernel/endpoint";
import { createDataProvider, filterParams } from "../../../../providers/data-provider";
import { setHosts } from "../../../../providers/hosts";
import { setHttpAdapter } from "../../../../providers/http";
import { fail, fakeServer, ok } from "../support/fake-server";

const teacher = {
  list: "GET /cms/teacher",
  search: "GET /cms/teachersearch",
  create: "POST /cms/teacher",
  update: "PATCH /cms/teacher",
  remove: "DELETE /cms/teacher",
} as const;

describe("cms data provider", () => {
  beforeEach(() => setHosts({ cms: "http://cms.test" }));
  afterEach(() => {
    setHttpAdapter();
    setHosts(null);
  });

  it("lists with page/count and takes the total from the envelope's count", async () => {
    const server = fakeServer({ "GET /cms/teacher": { code: 0, data: [{ Id: 1 }, { Id: 2 }], msg: "", count: 37 } });
    const provider = createDataProvider({ resources: { teacher } });
    const result = await provider.getList({ resource: "teacher", pagination: { current: 3, pageSize: 20 } });
    expect(result).toEqual({ data: [{ Id: 1 }, { Id: 2 }], total: 37 });
    expect(server.seen[0].params).toEqual({ page: 3, count: 20 });
  });

  it("pages and reads a list the way its listShape says (the validator's page/limit and {resultset, total})", async () => {
    const server = fakeServer({ "GET /cms/teacher": { code: 0, data: { resultset: [{ id: 4 }], total: 31 }, msg: "" } });
    const provider = createDataProvider({ resources: { teacher } });
    const listShape = { page: "page", size: "limit", rows: "resultset", total: "total" };
    const result = await provider.getList({ resource: "teacher", pagination: { current: 4, pageSize: 10 }, meta: { listShape } });
    // The answer comes along, for what it says beside its rows (a list's `summary`).
    expect(result).toEqual({ data: [{ id: 4 }], total: 31, answer: { resultset: [{ id: 4 }], total: 31 } });
    expect(server.seen[0].params).toEqual({ page: 4, limit: 10 });
  });

  it("defaults to the first page of 10 and uses the search call when filtered", async () => {
    const server = fakeServer({ "GET /cms/teachersearch": { code: 0, data: [], msg: "", count: 0 } });
    const provider = createDataProvider({ resources: { teacher } });
    await provider.getList({ resource: "teacher", filters: [{ field: "key", operator: "contains", value: "王" }] });
    expect(server.calls("GET /cms/teachersearch")[0].params).toEqual({ page: 1, count: 10, key: "王" });
  });

  it("prefers a resource's meta.api to the provider's own table", async () => {
    const server = fakeServer({ "GET /cms/course": { code: 0, data: [{ Id: 9 }], msg: "" } });
    const provider = createDataProvider();
    const result = await provider.getList({ resource: "course", meta: { api: { list: ep("GET /cms/course") } }, pagination: { mode: "off" } });
    expect(result).toEqual({ data: [{ Id: 9 }], total: 1 });
    expect(server.seen[0].params).toEqual({});
  });

  it("creates with POST, updates with PATCH (id in the body), deletes with DELETE (id in the query)", async () => {
    const server = fakeServer({ "POST /cms/teacher": ok(null), "PATCH /cms/teacher": ok(null), "DELETE /cms/teacher": ok(null) });
    const provider = createDataProvider({ resources: { teacher } });
    const created = await provider.create({ resource: "teacher", variables: { name: "王老师", mobile: "13800000001" } });
    const updated = await provider.update({ resource: "teacher", id: 5, variables: { name: "李老师" } });
    const removed = await provider.deleteOne({ resource: "teacher", id: 5 });
    expect(created.data).toEqual({ name: "王老师", mobile: "13800000001" });
    expect(updated.data).toEqual({ name: "李老师", id: 5 });
    expect(removed.data).toEqual({ id: 5 });
    expect(server.calls("POST /cms/teacher")[0].body).toEqual({ name: "王老师", mobile: "13800000001" });
    expect(server.calls("PATCH /cms/teacher")[0].body).toEqual({ name: "李老师", id: 5 });
    expect(server.calls("DELETE /cms/teacher")[0]).toMatchObject({ params: { id: 5 }, body: undefined });
  });

  it("gets one record by id", async () => {
    const server = fakeServer({ "GET /cms/teacherone": ok({ Id: 5, Name: "王老师" }) });
    const provider = createDataProvider({ resources: { teacher: { one: "GET /cms/teacherone" } } });
    expect(await provider.getOne({ resource: "teacher", id: 5 })).toEqual({ data: { Id: 5, Name: "王老师" } });
    expect(server.seen[0].params).toEqual({ id: 5 });
  });

  it("turns a refused call into an HttpError with the server's msg", async () => {
    fakeServer({ "POST /cms/teacher": fail(1, "手机号已存在", { field: "mobile" }) });
    const provider = createDataProvider({ resources: { teacher } });
    await expect(provider.create({ resource: "teacher", variables: {} })).rejects.toMatchObject({
      message: "手机号已存在",
      statusCode: 400,
      errors: { mobile: "手机号已存在" },
      // A refusal, which a declaration may keep quiet (failureToasts), not a failed status.
      refused: true,
    });
  });

  it("says which call a resource lacks instead of guessing a path", async () => {
    const provider = createDataProvider({ resources: { teacher } });
    await expect(provider.getOne({ resource: "teacher", id: 1 })).rejects.toThrow('resource "teacher" declares no "one" call');
    await expect(provider.getList({ resource: "nothing" })).rejects.toThrow(/declares no "list" call/);
  });

  it("flattens filters into query parameters and skips empty ones", () => {
    expect(
      filterParams([
        { field: "title", operator: "contains", value: "数学" },
        { field: "status", operator: "eq", value: "" },
        { field: "type", operator: "in", value: [0, 1] },
      ]),
    ).toEqual({ title: "数学", type: "0,1" });
    expect(() => filterParams([{ operator: "or", value: [] }])).toThrow(/combined/);
  });

  it("answers its API address from the hosts config", () => {
    expect(createDataProvider().getApiUrl()).toBe("http://cms.test");
  });
});
