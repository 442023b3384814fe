import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../../providers/http";
import { ep } from "../../../../resources/kernel/endpoint";
import type { DetailDecl } from "../../../../resources/kernel/detail";
import { DetailPage } from "../../../../src/engine/detail-page";
import { SheetToolsContext } from "../../../../src/lib/xlsx/sheet-tools";
import { freezeClock } from "../../support/clock";
import { ok, fail, fakeServer, type Handler, type SeenRequest } from "../support/fake-server";
import { sheetTools } from "../../../users/client/import-support";
import { button, currentLocation, renderPage, tableRows } from "./support";

// The export's file is named by the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * A detail page of no feature of the console, to show the kind is the engine's: a reader by id,
 * three stat calls and a report of the reader's visits.
 */
const api = {
  info: ep("GET /x/info"),
  books: ep("GET /x/books"),
  visits: ep("GET /x/visitcount"),
  fines: ep("GET /x/fines"),
  rows: ep("GET /x/visits"),
  search: ep("GET /x/visitsearch"),
};

const decl: DetailDecl = {
  route: "/readerInfo",
  title: "读者详情",
  noun: "读者",
  listRoute: "/readerop",
  menu: { group: "user", key: "readerop" },
  subject: { param: "readerId", sendAs: "readerid", kind: "id" },
  record: { call: api.info, title: "基本信息", panel: "personSummary" },
  cards: [
    { kind: "progress", call: api.books, label: "借阅图书", done: "returned", total: "borrowed" },
    { kind: "count", call: api.visits, label: "到馆", field: "visits", suffix: "次" },
    { kind: "count", call: api.fines, label: "罚款", field: "fines", suffix: "元" },
  ],
  report: {
    name: "reader-visits",
    noun: "到馆记录",
    heading: "到馆次数",
    calls: { list: api.rows, search: api.search },
    id: "id",
    columns: [
      { field: "room", title: "阅览室" },
      { field: "kind", title: "方式", format: "enum", options: { "1": "刷卡", "2": "扫码" }, colors: { "1": "blue" } },
      { field: "stay", title: "停留", format: "duration", instead: { field: "kind", values: [0], text: "-" } },
    ],
    filters: [
      { kind: "enum", param: "kind", label: "方式", options: { "1": "刷卡", "2": "扫码" } },
      { kind: "dateRange", params: ["from", "to"], label: "日期", wholeDays: true },
    ],
    export: { sheet: "到馆记录", file: "到馆记录" },
  },
};

const visits = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, room: `第${i + 1}室`, kind: i === 0 ? 0 : (i % 2) + 1, stay: 3600 + i }));

function paged(request: SeenRequest) {
  const { page = 1, count = 10 } = (request.params ?? {}) as { page?: number; count?: number };
  return ok(visits.slice((page - 1) * count, page * count), { count: visits.length });
}

function serve(overrides: Record<string, Handler | unknown> = {}) {
  return fakeServer({
    "GET /x/info": ok({ nickname: "钱读者", headimg: "", mobile: "13900000001" }),
    "GET /x/books": ok({ returned: 3, borrowed: 5 }),
    "GET /x/visitcount": ok({ visits: 12 }),
    "GET /x/fines": ok({ fines: 4 }),
    "GET /x/visits": paged,
    "GET /x/visitsearch": paged,
    ...overrides,
  });
}

const statistic = (title: string) => screen.getByText(title).closest(".ant-statistic")!.querySelector(".ant-statistic-content")?.textContent ?? null;
const open = (entry: string, tools = sheetTools()) => {
  renderPage(
    "/readerInfo",
    <SheetToolsContext.Provider value={tools}>
      <DetailPage decl={decl} />
    </SheetToolsContext.Provider>,
    entry,
  );
  return tools;
};

describe("a declared detail page", () => {
  afterEach(() => setHttpAdapter());

  it("loads each stat card on its own: one still waiting, one failed at its default, one shown; 重新加载 asks only the failed", async () => {
    const server = serve({ "GET /x/visitcount": () => new Promise(() => undefined), "GET /x/fines": fail(1, "查询失败") });
    open("/readerInfo?readerId=7");
    expect(await screen.findByText("钱读者")).toBeTruthy();
    expect(await screen.findByLabelText("借阅图书 3/5")).toBeTruthy();
    await waitFor(() => expect(statistic("罚款")).toBe("0元"));
    expect(screen.getByLabelText("加载失败")).toBeTruthy();
    // Still waiting: a skeleton where its number goes, and no failure mark of its own.
    expect(screen.getByText("到馆").closest(".ant-statistic")!.querySelector(".ant-skeleton")).toBeTruthy();
    expect(screen.getAllByLabelText("加载失败")).toHaveLength(1);
    expect(server.calls("GET /x/books")[0].params).toEqual({ readerid: 7 });

    fireEvent.click(button("重新加载"));
    await waitFor(() => expect(server.calls("GET /x/fines")).toHaveLength(2));
    expect(server.calls("GET /x/books")).toHaveLength(1);
    expect(server.calls("GET /x/visitcount")).toHaveLength(1);
  });

  it("says when the address names nobody, or nobody the record call knows", async () => {
    serve({ "GET /x/info": fail(404, "记录不存在") });
    open("/readerInfo?readerId=x");
    expect(screen.getByText("未指定读者")).toBeTruthy();
    cleanup();
    serve({ "GET /x/info": fail(404, "记录不存在") });
    open("/readerInfo?readerId=8");
    expect(await screen.findByText("未找到该读者")).toBeTruthy();
    expect(button("返回读者列表", document.body)).toBeTruthy();
  });

  it("lists the report a page at a time, its page and filters kept in the address, the filtered call when filtered", async () => {
    const server = serve();
    open("/readerInfo?readerId=7&page=2&pageSize=20&kind=2&from=2026-11-01&to=2026-11-24");
    expect(await screen.findByText("到馆次数：150")).toBeTruthy();
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    expect(server.calls("GET /x/visits")).toHaveLength(0);
    expect(server.calls("GET /x/visitsearch")[0].params).toEqual({
      readerid: 7,
      page: 2,
      count: 20,
      kind: "2",
      from: "2026-11-01 00:00:00",
      to: "2026-11-24 23:59:59",
    });
    expect(tableRows()[0]).toEqual(["第21室", "刷卡", "1小时0分20秒"]);

    fireEvent.click(await screen.findByTitle("3"));
    await waitFor(() => expect(currentLocation()).toBe("/readerInfo?readerId=7&page=3&pageSize=20&kind=2&from=2026-11-01&to=2026-11-24"));
    fireEvent.click(button("重置"));
    await waitFor(() => expect(currentLocation()).toBe("/readerInfo?readerId=7&pageSize=20"));
    await waitFor(() => expect(server.calls("GET /x/visits")).toHaveLength(1));
    expect(server.calls("GET /x/visits")[0].params).toEqual({ readerid: 7, page: 1, count: 20 });
  });

  it("exports every row the filters select, each column as the table shows it", async () => {
    const server = serve();
    const tools = open("/readerInfo?readerId=7&kind=1");
    expect(await screen.findByText("到馆次数：150")).toBeTruthy();
    fireEvent.click(button("导出"));
    await waitFor(() => expect(tools.saveFile).toHaveBeenCalledWith(expect.any(Blob), "到馆记录-钱读者-20261124.xlsx"));
    const reads = server.calls("GET /x/visitsearch").filter((call) => call.params?.count === 100);
    expect(reads.map((call) => call.params)).toEqual([1, 2].map((page) => ({ readerid: 7, kind: "1", page, count: 100 })));
    const [rows, sheet] = vi.mocked(tools.buildSheet).mock.calls.at(-1)!;
    expect(sheet).toBe("到馆记录");
    expect(rows).toHaveLength(151);
    expect(rows.slice(0, 3)).toEqual([
      ["阅览室", "方式", "停留"],
      ["第1室", "0", "-"],
      ["第2室", "扫码", "1小时0分1秒"],
    ]);
  });
});
