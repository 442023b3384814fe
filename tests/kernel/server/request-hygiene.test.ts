import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaRegistry } from "../../../server/plugins/schemas";
import { startSignedIn, type TestServer } from "./helpers";
import { freezeClock } from "../support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const get = (url: string) => s.app.inject({ url, headers: { cookie: admin } });
const envelopeOf = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as { code: number; data: unknown; msg: string };
  expect(Object.keys(body).slice(0, 3).sort()).toEqual(["code", "data", "msg"]);
  return body;
};

/**
 * Valid values for the other required parameters, so only the page or count under test is wrong:
 * a resource name, a live of the organisation, and (for the validator service) that live's token.
 */
let valid: Record<string, string> = {};
beforeAll(async () => {
  const lives = (await get("/cms/alllive?count=1")).json() as { data?: { Id: number }[] };
  const liveId = String(lives.data?.[0]?.Id ?? 1);
  const token = (await get(`/cms/liveiframetoken?liveid=${liveId}`)).json() as { data?: { token?: string } };
  valid = { resource: "teacher", roomid: liveId, liveid: liveId, token: token.data?.token ?? "" };
});
const validValue = (name: string) => valid[name] ?? "1";

/**
 * Every documented GET that pages (the 14 of issue 8 finding 7 and those since), with its other
 * required parameters already given valid values (`/cms/audithistory?resource=teacher&id=1&`),
 * and which of `page` and `count` it takes (the validator's whitelist pages by `page` and `limit`).
 */
async function pagedOperations(): Promise<{ path: string; takes: string[] }[]> {
  type Parameter = { name: string; in: string; required?: boolean };
  const doc = (await s.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === "page"))
    .map(([path, ops]) => {
      const parameters = ops.get!.parameters ?? [];
      const given = parameters.filter((p) => p.in === "query" && p.required && p.name !== "page" && p.name !== "count");
      return {
        path: `${path}?${given.map((p) => `${p.name}=${encodeURIComponent(validValue(p.name))}&`).join("")}`,
        takes: parameters.filter((p) => p.name === "page" || p.name === "count").map((p) => p.name),
      };
    });
}

describe("numbers in the query (issue 8 finding 7)", () => {
  const bad = ["count=Infinity", "page=-Infinity", "page=1e308", "count=-Infinity", "page=NaN", "page=0x10", "count=1e1", "page=1.5", "page=%201", "page=%2B1", "page=99999999999999999999"];

  it("answers a bad page or count on every paged list with the schema's message, never a 500", async () => {
    const paths = await pagedOperations();
    expect(paths.length).toBeGreaterThanOrEqual(14);
    for (const { path, takes } of paths)
      for (const query of bad.filter((q) => takes.includes(q.split("=")[0]))) {
        const body = envelopeOf(await get(`${path}${query}`));
        expect(body.code, `${path}${query}`).toBe(400);
        expect(body.msg, `${path}${query}`).toMatch(query.startsWith("page") ? /^页码不正确$/ : /^每页条数应为1-\d+$/);
      }
  });

  it("still takes plain integers at the bounds", async () => {
    for (const query of ["page=1000000&count=100", "page=1&count=1", "page=01"]) expect((await get(`/cms/student?${query}`)).json().code, query).toBe(0);
    expect((await get("/cms/student?page=1000001")).json()).toMatchObject({ code: 400, msg: "页码不正确" });
    expect((await get("/cms/student?count=101")).json()).toMatchObject({ code: 400, msg: "每页条数应为1-100" });
  });

  it("refuses a NUL character in a query or a body (PostgreSQL cannot store one), in words", async () => {
    for (const url of ["/cms/admodel?key=%00", "/cms/student?key=a%00b"]) expect(envelopeOf(await get(url)), url).toMatchObject({ code: 400, msg: "请求数据包含非法字符" });
    const res = await s.app.inject({ method: "POST", url: "/cms/webgroupmsg", headers: { cookie: admin }, payload: { msg: "a\u0000b" } });
    expect(envelopeOf(res)).toMatchObject({ code: 400, msg: "请求数据包含非法字符" });
  });

  it("refuses record numbers past what the database stores, in queries and bodies", async () => {
    for (const id of ["2147483648", "1e308", "Infinity", "-1"]) {
      const res = await s.app.inject({ method: "DELETE", url: `/cms/course?id=${id}`, headers: { cookie: admin } });
      expect(envelopeOf(res), id).toMatchObject({ code: 400, msg: "记录编号不正确" });
    }
    const body = await s.app.inject({ method: "PATCH", url: "/cms/course", headers: { cookie: admin }, payload: { id: "1e308", title: "x" } });
    expect(envelopeOf(body)).toMatchObject({ code: 400, msg: "记录编号不正确" });
    const huge = await s.app.inject({ method: "PATCH", url: "/cms/course", headers: { cookie: admin, "content-type": "application/json" }, payload: '{"id":1e300,"title":"x"}' });
    expect(envelopeOf(huge)).toMatchObject({ code: 400, msg: "记录编号不正确" });
  });

  it("refuses body ids past PostgreSQL's integer with the form's message (a 500 there before)", async () => {
    const big = 3_000_000_000;
    for (const [url, payload, msg] of [
      ["/cms/course", { id: big, title: "x", expire: "2030-01-01 00:00:00" }, "记录编号不正确"],
      ["/cms/student", { id: big, name: "x", mobile: "13812345678" }, "记录编号不正确"],
      ["/cms/subadmin", { id: big, name: "x", mobile: "13812345678" }, "记录编号不正确"],
      ["/cms/login", { id: big, type: "admin" }, "请选择要登录的机构"],
    ] as const) {
      const res = await s.app.inject({ method: "PATCH", url, headers: { cookie: admin }, payload });
      expect(envelopeOf(res), url).toMatchObject({ code: 400, msg });
    }
  });

  it("every integer a schema declares has both bounds, so none reaches the database unchecked", () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== "object") return;
      const p = node as { type?: unknown; minimum?: unknown; maximum?: unknown; enum?: unknown; $ref?: string; not?: { not?: { $ref?: string } } };
      // A field may take its bounds from a shared definition: `{"$ref": "id.def#"}`, or
      // `{"not": {"not": {"$ref": "id.def#"}}}` where the field words the message itself.
      const shared = schemaRegistry.get((p.$ref ?? p.not?.not?.$ref ?? "").replace(/#$/, "")) as typeof p | undefined;
      const bounded = (q: typeof p | undefined) => typeof q?.minimum === "number" && typeof q?.maximum === "number";
      const numeric = [p.type].flat().some((t) => t === "integer" || t === "number");
      if (numeric && !p.enum && !bounded(p) && !bounded(shared)) unbounded.push(where);
      for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
    };
    for (const [id, schema] of schemaRegistry) walk(schema, id);
    expect(unbounded).toEqual([]);
  });

  it("checks who is asking before what is asked", async () => {
    expect((await s.app.inject({ url: "/cms/student?page=Infinity" })).statusCode).toBe(401);
  });
});

describe("-1 and an empty value mean every type or status (issue 8, spec 3 §4)", () => {
  const ids = async (query: string) => {
    const body = (await get(`/cms/coursesearch?${query}`)).json() as { code: number; data: { Id: number }[]; count: number };
    expect(body.code, query).toBe(0);
    return { ids: body.data.map((c) => c.Id), count: body.count };
  };

  it("course search: type and status", async () => {
    const all = await ids("count=100");
    expect(all.count).toBeGreaterThan(1);
    for (const query of ["type=-1", "type=", "status=-1", "status=", "type=-1&status=-1", "type=&status="]) expect(await ids(`count=100&${query}`), query).toEqual(all);
    const big = await ids("count=100&type=1&status=-1");
    expect(big.count).toBeGreaterThan(0);
    expect(big.count).toBeLessThan(all.count);
    expect((await get("/cms/coursesearch?type=-2")).json()).toMatchObject({ code: 400, msg: "班型不正确" });
  });

  it("a teacher's lives: status", async () => {
    const teacher = (await get("/cms/teacher?count=1")).json().data[0].Id as number;
    const list = async (query: string) => (await get(`/userstat/teacherliveinfosearchstat?userid=${teacher}&count=100&${query}`)).json();
    const all = await list("");
    expect(all.code).toBe(0);
    for (const query of ["status=-1", "status="]) expect(await list(query), query).toEqual(all);
  });

  it("consumption records: type", async () => {
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const now = new Date();
    const range = `begindate=${day(new Date(now.getTime() - 2 * 86_400_000))}%2000:00:00&enddate=${day(now)}%2023:59:59`;
    const list = async (query: string) => (await get(`/cms/stat/dayconsume/v2?${range}&count=1000&${query}`)).json();
    const all = await list("type=all");
    expect(all.code).toBe(0);
    expect(all.count).toBeGreaterThan(0);
    for (const query of ["type=-1", "type=", ""]) expect(await list(query), query).toEqual(all);
  });
});

/** Sends raw bytes to a listening server and reads until it closes the connection. */
function raw(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const all = Buffer.concat(chunks).toString("utf8");
      const [head, body = ""] = all.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no answer: ${all.slice(0, 200)}`));
      else resolve({ status, headers: head, body });
    });
    socket.write(text);
  });
}

describe("answers the framework gives come in the envelope (issue 8 finding 7)", () => {
  it("431 for a request line or headers past 16 KB, 400 for a request Node cannot parse", async () => {
    const address = await s.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(address).port);
    const longLine = await raw(port, `GET /cms/student?key=${"a".repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longLine.status).toBe(431);
    expect(JSON.parse(longLine.body)).toEqual({ code: 431, data: null, msg: "请求头过大" });
    expect(longLine.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    const longHeader = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(17 * 1024)}\r\n\r\n`);
    expect(JSON.parse(longHeader.body)).toEqual({ code: 431, data: null, msg: "请求头过大" });
    const garbage = await raw(port, "HELLO THERE\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ code: 400, data: null, msg: "请求错误" });
  });

  it("a path that cannot be decoded, an unknown path or method", async () => {
    expect(envelopeOf(await get("/cms/%zz"))).toEqual({ code: 400, data: null, msg: "请求地址格式错误" });
    expect(envelopeOf(await get(`/uploads/${"a".repeat(200)}.png`))).toEqual({ code: 414, data: null, msg: "请求地址过长" });
    for (const method of ["PUT", "OPTIONS", "TRACE", "PROPFIND"] as const) {
      const res = await s.app.inject({ method: method as "PUT", url: "/cms/course", headers: { cookie: admin } });
      expect(envelopeOf(res), method).toMatchObject({ code: 404, msg: "请求地址出错: /cms/course" });
    }
  });

  it("bodies that are not the JSON object a form sends", async () => {
    const post = (payload: string, type = "application/json") =>
      s.app.inject({ method: "POST", url: "/cms/course", headers: { cookie: admin, "content-type": type }, payload });
    expect(envelopeOf(await post("{bad"))).toMatchObject({ code: 400, msg: "请求数据格式错误" });
    for (const payload of ["[1,2]", '"text"', "42"]) expect(envelopeOf(await post(payload)), payload).toMatchObject({ code: 400, msg: "请求数据格式错误" });
    expect(envelopeOf(await post("null"))).toMatchObject({ code: 400, msg: "请求数据不能为空" });
    expect(envelopeOf(await post(""))).toMatchObject({ code: 400, msg: "请求数据不能为空" });
    expect(envelopeOf(await post("hello", "text/plain"))).toMatchObject({ code: 400, msg: "请求数据格式错误" });
    const xml = await post("<a/>", "application/xml");
    expect(xml.statusCode).toBe(415);
    expect(envelopeOf(xml)).toMatchObject({ code: 415, msg: "不支持的请求格式" });
    const big = await post(JSON.stringify({ title: "x".repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(envelopeOf(big)).toMatchObject({ code: 413, msg: "请求数据过大" });
  });
});
