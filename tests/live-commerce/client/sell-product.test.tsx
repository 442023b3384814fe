import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { sellProductPage } from "../../../resources/live-commerce/pages";
import { setHttpAdapter } from "../../../providers/http";
import { JsonListPage, backAddress } from "../../../src/engine/json-list-page";
import { ShellBackContext, useShellBackState } from "../../../src/lib/shell-back";
import { fail, fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { button, currentLocation, dialog, fieldErrors, findDialog, noDialog, renderPage, tableRows } from "../../kernel/client/engine/support";

afterEach(() => setHttpAdapter());

type Item = Record<string, string | number>;
const item = (id: string, name: string, extra: Item = {}): Item => ({ productid: id, productname: name, productdesc: "说明", productprice: "9.9", productcount: "3", productdetailurl: `https://shop.example/${id}`, productimgurl: "", ...extra });
const template = (id: number, productid: string, name: string) => ({ Id: id, Product: JSON.stringify(item(productid, name)) });

/** /cms/product over `list` as the server keeps it: each save must name the version it read, or it is refused as stale. */
function liveServer(list: Item[], overrides: Record<string, unknown> = {}) {
  let ver = 1;
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["liveop"] }),
    "GET /cms/intercheck": ok(),
    "GET /cms/product": () => ok({ productlist: JSON.stringify(list), ver, clicks: { P1: 4 } }),
    "PATCH /cms/product": (request: SeenRequest) => {
      const body = request.body as { liveid: number; product: string; ver: number };
      if (body.ver !== ver) return fail(409, "商品列表已被他人修改，请刷新后重试");
      list.splice(0, list.length, ...(JSON.parse(body.product) as Item[]));
      ver += 1;
      return ok({ productlist: body.product, ver, clicks: {} }, { msg: "修改成功" });
    },
    "GET /cms/productmodel": ok([template(7, "P1", "数学讲义"), template(8, "T8", "物理讲义"), template(9, "T9", "化学讲义")], { count: 3 }),
    ...overrides,
  });
}

const names = () => tableRows().map((cells) => cells[1]);
const notice = () => document.querySelector(".ant-notification, .ant-message")?.textContent ?? "";
const field = (placeholder: string) => within(dialog()).getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });
const sent = (server: ReturnType<typeof liveServer>) => server.calls("PATCH /cms/product").map((c) => c.body as { liveid: number; product: string; ver: number });

async function open(list: Item[], overrides = {}) {
  const server = liveServer(list, overrides);
  renderPage("/sellProduct", <JsonListPage decl={sellProductPage} />, "/sellProduct?liveId=12&courseId=3");
  await waitFor(() => expect(tableRows()).toHaveLength(list.length || 1));
  return server;
}

describe("/sellProduct, a live's products as a declared JSON-text list", () => {
  it("shows the items with their clicks, and adds one with https:// prepended, sending the whole list with its version", async () => {
    const server = await open([item("P1", "数学讲义")]);
    expect(tableRows()[0].slice(1, 7)).toEqual(["数学讲义", "P1", "9.9", "3", "https://shop.example/P1", "4"]);
    fireEvent.click(button("添加"));
    await findDialog();
    type("请输入商品标题", "英语讲义");
    type("请输入商品详情页地址", "shop.example/en");
    fireEvent.change(field("请输入商品描述"), { target: { value: "一\n二" } });
    type("不填时使用创建时间", "E1");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]).toMatchObject({ liveid: 12, ver: 1 });
    expect((JSON.parse(sent(server)[0].product) as Item[]).map((p) => [p.productid, p.productdetailurl, p.productdesc])).toEqual([
      ["P1", "https://shop.example/P1", "说明"],
      ["E1", "https://shop.example/en", "一二"],
    ]);
    await waitFor(() => expect(names()).toEqual(["数学讲义", "英语讲义"]));
  });

  it("refuses an id already in the list under its field, without a call; a change that changes nothing makes none", async () => {
    const server = await open([item("P1", "数学讲义"), item("P2", "英语讲义")]);
    fireEvent.click(button("添加"));
    await findDialog();
    type("请输入商品标题", "重复");
    type("请输入商品详情页地址", "https://a.cn");
    fireEvent.change(field("请输入商品描述"), { target: { value: "x" } });
    type("不填时使用创建时间", "P2");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(fieldErrors()).toEqual(["商品Id重复，请重新输入"]));
    fireEvent.click(button("取消", dialog()));
    await waitFor(() => expect(noDialog()).toBe(true));

    fireEvent.click(screen.getAllByText("修改")[0]);
    await findDialog();
    expect(field("请输入商品标题").value).toBe("数学讲义");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(sent(server)).toHaveLength(0);
  });

  it("a save another person overtook says 修改商品失败 with why, and reads the list again", async () => {
    const list = [item("P1", "数学讲义")];
    const server = await open(list, { "PATCH /cms/product": fail(409, "商品列表已被他人修改，请刷新后重试") });
    const reads = server.calls("GET /cms/product").length;
    // Someone else saved meanwhile.
    list.push(item("X", "别人加的"));
    fireEvent.click(screen.getByText("修改"));
    await findDialog();
    type("请输入商品标题", "高等数学讲义");
    fireEvent.click(button("确定", dialog()));
    // Changing an item keeps its own id: no clash with itself.
    await waitFor(() => expect(server.calls("PATCH /cms/product")).toHaveLength(1));
    expect((JSON.parse((server.calls("PATCH /cms/product")[0].body as { product: string }).product) as Item[])[0]).toMatchObject({ productid: "P1", productname: "高等数学讲义" });
    await waitFor(() => expect(notice()).toContain("修改商品失败：商品列表已被他人修改，请刷新后重试"));
    await waitFor(() => expect(names()).toEqual(["数学讲义", "别人加的"]));
    expect(server.calls("GET /cms/product").length).toBeGreaterThan(reads);
  });

  it("删除 asks first; the import shows added templates checked and disabled and names both of a clash", async () => {
    const server = await open([item("P1", "数学讲义", { serverId: 7 }), item("T9", "手工商品")]);
    fireEvent.click(button("从模板导入"));
    const picker = await screen.findByRole("dialog", { name: "从模板导入" });
    await waitFor(() => expect(within(picker).getAllByRole("row")).toHaveLength(4));
    const boxOf = (name: string) => within(within(picker).getByText(name).closest("tr")!).getByRole("checkbox") as HTMLInputElement;
    // 数学讲义 came from template 7: checked and disabled.
    expect(boxOf("数学讲义").checked).toBe(true);
    expect(boxOf("数学讲义").disabled).toBe(true);
    // 化学讲义's id T9 is a hand-added item's: both named, nothing saved.
    fireEvent.click(boxOf("化学讲义"));
    fireEvent.click(within(picker).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(notice()).toContain("「手工商品」与「化学讲义」ID相同，请重新选择"));
    expect(sent(server)).toHaveLength(0);
    fireEvent.click(boxOf("化学讲义"));
    fireEvent.click(boxOf("物理讲义"));
    fireEvent.click(within(picker).getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    const imported = JSON.parse(sent(server)[0].product) as Item[];
    expect(imported.map((p) => [p.productid, p.serverId])).toEqual([["P1", 7], ["T9", undefined], ["T8", 8]]);

    fireEvent.click(screen.getAllByText("删除")[0]);
    fireEvent.click(await screen.findByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(sent(server)).toHaveLength(2));
  });

  it("has one 返回, the top bar's, going where the page's return rule says", async () => {
    /** The admin shell's side of 返回 (src/shells/admin-header.tsx), reduced to the button. */
    function TopBar({ children }: { children: ReactNode }) {
      const back = useShellBackState();
      return (
        <ShellBackContext.Provider value={back}>
          {back.back && <button onClick={back.back}>返回</button>}
          {children}
        </ShellBackContext.Provider>
      );
    }
    liveServer([item("P1", "数学讲义")]);
    renderPage("/sellProduct", <TopBar><JsonListPage decl={sellProductPage} /></TopBar>, "/sellProduct?liveId=12&courseId=3");
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.getAllByRole("button", { name: /返\s*回/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "返回" }));
    await waitFor(() => expect(currentLocation()).toBe("/liveCourse?courseId=3"));
  });

  it("goes back to the callback only when it is an address of this console, else the course's lives, else /liveop", () => {
    const at = (q: string) => backAddress(sellProductPage, new URLSearchParams(q));
    expect(at("liveId=1&courseId=3&callback=%2Fliveop%3Fpage%3D2")).toBe("/liveop?page=2");
    expect(at("liveId=1&courseId=3&callback=https%3A%2F%2Fevil.example")).toBe("/liveCourse?courseId=3");
    expect(at("liveId=1&callback=%2F%2Fevil.example")).toBe("/liveop");
  });
});
