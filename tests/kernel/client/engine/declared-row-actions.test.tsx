import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { defineResource } from "../../../../resources/kernel/define";
import { ep } from "../../../../resources/kernel/endpoint";
import { rowActionShown, type RowActionDecl } from "../../../../resources/kernel/row-actions";
import { setHttpAdapter } from "../../../../providers/http";
import { createEngineRegistry, EngineRegistryProvider, type RowPartProps } from "../../../../src/engine/registry";
import { ResourceList } from "../../../../src/engine/resource-list";
import { fakeServer, fail, ok } from "../support/fake-server";
import { button, currentLocation, dialog, renderPage } from "./support";

afterEach(() => setHttpAdapter());

/** A declaration no area owns, so the engine alone draws what it says. */
const book = defineResource({
  name: "book", noun: "书", title: "书", route: "/books",
  menu: { group: "course", key: "liveop" },
  api: { list: ep("GET /cms/book") },
  id: "Id", label: "Name",
  columns: [{ field: "Name", title: "书名" }],
  actions: [],
  rowActions: [{ name: "lend", label: "借出", inline: true, when: [{ field: "Lent", in: [0] }], part: "lendBook" }],
  forms: {},
});

const actions: RowActionDecl[] = [
  { name: "open", label: "打开", inline: true, route: "/shelf?shelfId={Id}&back={back}" },
  { name: "clear", label: "清空", inline: true, danger: true, confirm: "确定要清空该书架吗？", removes: true, done: "清空成功" },
  { name: "paint", label: "上色", when: [{ field: "Kind", notIn: [0] }], route: "/paint?shelfId={Id}" },
  { name: "audit", label: "审计", permission: "audioDown", route: "/audit?shelfId={Id}" },
  { name: "ghost", label: "无处可去", part: "nobodyRegisteredThis" },
];

const shelf = defineResource({
  name: "shelf", noun: "书架", title: "书架", route: "/shelves",
  menu: { group: "course", key: "liveop" },
  api: { list: ep("GET /cms/shelf"), remove: ep("DELETE /cms/shelf") },
  id: "Id", label: "Name",
  columns: [{ field: "Name", title: "名称" }],
  expand: [{ field: "Id", title: "ID" }],
  actions: [],
  rowActions: actions,
  nested: { decl: book, title: "书", when: [{ field: "Kind", in: [1] }], params: { shelfid: "Id" } },
  forms: {},
});

const shelves = [
  { Id: 1, Name: "大书架", Kind: 1 },
  { Id: 2, Name: "小书架", Kind: 0 },
];

function LendPart({ row, open, onClose }: RowPartProps) {
  return open ? <div role="dialog" onClick={onClose}>借出《{String(row.Name)}》</div> : null;
}

const registry = createEngineRegistry({ rowParts: { lendBook: LendPart } });

function serve(extra: Record<string, unknown> = {}) {
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["liveop"] }),
    "GET /cms/userprivex": ok([{ subMenus: [{ key: "audioDown", checked: true }] }]),
    "GET /cms/shelf": ok(shelves, { count: 2 }),
    "GET /cms/book": (request: { params?: Record<string, unknown> }) =>
      ok(request.params?.shelfid === 1 ? [{ Id: 7, Name: "红楼梦", Lent: 0 }, { Id: 8, Name: "水浒传", Lent: 1 }] : [], { count: 2 }),
    "DELETE /cms/shelf": ok(null),
    ...extra,
  });
}

const open = () =>
  renderPage(
    "/shelves",
    <EngineRegistryProvider registry={registry}>
      <ResourceList decl={shelf} />
    </EngineRegistryProvider>,
    "/shelves?page=1",
  );

const rowOf = (text: string) => [...document.querySelectorAll<HTMLElement>("tr.ant-table-row")].find((row) => row.textContent?.includes(text))!;
const linksOf = (text: string) => [...rowOf(text).querySelectorAll("td:last-child button")].map((b) => b.textContent?.replace(/\s/g, ""));

describe("declared row actions (resources/kernel/row-actions.ts)", () => {
  it("judges a rule over row fields, numbers and their text alike, and an extended permission", () => {
    const paint = actions[2];
    expect(rowActionShown(paint, { Kind: "1" }, new Set())).toBe(true);
    expect(rowActionShown(paint, { Kind: 0 }, new Set())).toBe(false);
    expect(rowActionShown(actions[3], {}, new Set())).toBe(false);
    expect(rowActionShown(actions[3], {}, new Set(["audioDown"]))).toBe(true);
  });

  it("draws each row's actions by its rules, the rest in 更多, and none that can do nothing", async () => {
    serve();
    open();
    await waitFor(() => expect(linksOf("大书架")).toEqual(["打开", "清空", "更多"]));
    fireEvent.click(within(rowOf("大书架")).getByRole("button", { name: "大书架的更多操作" }));
    await waitFor(() => expect([...document.querySelectorAll(".ant-dropdown-menu-item")].map((item) => item.textContent)).toEqual(["上色", "审计"]));
    fireEvent.click(within(rowOf("小书架")).getByRole("button", { name: "小书架的更多操作" }));
    const lastMenu = () => [...document.querySelectorAll(".ant-dropdown-menu")].at(-1);
    await waitFor(() => expect(document.querySelectorAll(".ant-dropdown-menu")).toHaveLength(2));
    expect([...lastMenu()!.querySelectorAll(".ant-dropdown-menu-item")].map((item) => item.textContent)).toEqual(["审计"]);
  });

  it("opens a route with the row's fields and the list's own address", async () => {
    serve();
    open();
    await waitFor(() => expect(linksOf("大书架")).toContain("打开"));
    fireEvent.click(button("打开", rowOf("大书架")));
    await waitFor(() => expect(currentLocation()).toBe(`/shelf?shelfId=1&back=${encodeURIComponent("/shelves?page=1")}`));
  });

  it("asks its confirmation first, then removes with its own words, or the server's", async () => {
    const server = serve({ "DELETE /cms/shelf": (request: { params?: Record<string, unknown> }) => (request.params?.id === 2 ? fail(1, "书架上还有书") : ok(null)) });
    open();
    await waitFor(() => expect(linksOf("大书架")).toContain("清空"));
    fireEvent.click(button("清空", rowOf("大书架")));
    await waitFor(() => expect(dialog().textContent).toContain("确定要清空该书架吗？"));
    expect(server.calls("DELETE /cms/shelf")).toHaveLength(0);
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(document.querySelector(".ant-message")?.textContent).toContain("清空成功"));
    fireEvent.click(button("清空", rowOf("小书架")));
    await waitFor(() => expect(dialog().textContent).toContain("确定要清空该书架吗？"));
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(document.querySelector(".ant-message")?.textContent).toContain("书架上还有书"));
    expect(server.calls("DELETE /cms/shelf").map((call) => call.params?.id)).toEqual([1, 2]);
  });
});

describe("a nested list in the expanded row (resources/kernel/list-pages.ts)", () => {
  it("lists the other declaration's rows for the row's parameters, with its own row actions, only for rows its rules hold for", async () => {
    const server = serve();
    open();
    await waitFor(() => expect(linksOf("大书架")).toContain("打开"));
    fireEvent.click(rowOf("大书架").querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    const region = await screen.findByRole("region", { name: "大书架的书" });
    await waitFor(() => expect(within(region).getByText("红楼梦")).toBeTruthy());
    expect(server.calls("GET /cms/book")[0].params).toEqual({ page: 1, count: 10, shelfid: 1 });
    expect(linksOf("红楼梦")).toEqual(["借出"]);
    expect(linksOf("水浒传")).toEqual([]);
    fireEvent.click(button("借出", rowOf("红楼梦")));
    expect(await screen.findByText("借出《红楼梦》")).toBeTruthy();
    fireEvent.click(rowOf("小书架").querySelector<HTMLElement>("button.ant-table-row-expand-icon")!);
    await waitFor(() => expect(document.querySelectorAll(".ant-table-expanded-row")).toHaveLength(2));
    expect(screen.queryByRole("region", { name: "小书架的书" })).toBeNull();
    expect(currentLocation()).toBe("/shelves?page=1");
  });
});
