import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { productTemplate } from "../../../../resources";
import { setHttpAdapter } from "../../../../providers/http";
import { ResourceList } from "../../../../src/engine/resource-list";
import { fail, fakeServer, ok, type SeenRequest } from "../support/fake-server";
import { button, dialog, fieldErrors, findDialog, navigate, noDialog, renderPage, tableRows } from "./support";

afterEach(() => setHttpAdapter());

// A product template as /cms/productmodel answers it (2 §3, §7): {Id, Product} with Product JSON text.
type Row = { Id: number; Product: string };
const product = (id: number, name: string, extra: Record<string, string> = {}): Row => ({
  Id: id,
  Product: JSON.stringify({ productid: `P${id}`, productname: name, productdesc: "说明", productprice: "9.9", productcount: "3", productdetailurl: "https://shop.example/" + id, productimgurl: "", ...extra }),
});

function productServer(rows: Row[], overrides: Record<string, unknown> = {}) {
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["productTemplate"] }),
    "GET /cms/intercheck": ok(),
    "GET /cms/productmodel": (request: SeenRequest) => {
      const key = String(request.params?.key ?? "");
      const hits = rows.filter((row) => (JSON.parse(row.Product) as { productname: string }).productname.includes(key));
      return ok(hits, { count: hits.length });
    },
    "POST /cms/productmodel": (request: SeenRequest) => {
      const row = { Id: 100 + rows.length, Product: (request.body as { product: string }).product };
      rows.unshift(row);
      return ok(row);
    },
    "PATCH /cms/productmodel": ok(null),
    "DELETE /cms/productmodel": (request: SeenRequest) => {
      rows.splice(rows.findIndex((row) => row.Id === Number(request.params?.id)), 1);
      return ok(null);
    },
    ...overrides,
  });
}

/** The product a save sent, out of its `product` JSON text. */
const sentProduct = (body: unknown) => JSON.parse((body as { product: string }).product) as Record<string, unknown>;

// The page's access is decided once and kept by Refine: nothing stands between the cache and the screen on a return.
const page = () => <ResourceList decl={productTemplate} />;
const names = () => tableRows().map((cells) => cells[1]);
const toast = () => document.querySelector(".ant-message")?.textContent ?? "";
const field = (placeholder: string) => within(dialog()).getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });

async function openList(rows: Row[], overrides = {}) {
  const server = productServer(rows, overrides);
  renderPage("/productTemplate", page());
  await waitFor(() => expect(tableRows()).toHaveLength(rows.length));
  return server;
}

describe("/productTemplate, a declared entity with no page code", () => {
  it("reads its columns out of the Product JSON text and offers 修改, 删除 and 变更记录", async () => {
    await openList([product(2, "英语讲义"), product(1, "数学讲义")]);
    expect(names()).toEqual(["英语讲义", "数学讲义"]);
    expect(tableRows()[0].slice(2, 6)).toEqual(["P2", "9.9", "3", "https://shop.example/2"]);
    expect(tableRows()[0].at(-1)).toBe("修改删除变更记录");
  });

  it("shows a list visited before from the cache at once, then refreshes it", async () => {
    const server = await openList([product(1, "数学讲义")]);
    act(() => navigate("/elsewhere"));
    await screen.findByTestId("landed");
    act(() => navigate("/productTemplate"));
    // Drawn from Refine's cache before any answer arrives.
    expect(names()).toEqual(["数学讲义"]);
    await waitFor(() => expect(server.calls("GET /cms/productmodel")).toHaveLength(2));
  });

  it("searches by the trimmed name; an emptied search lists all again", async () => {
    const server = await openList([product(2, "英语讲义"), product(1, "数学讲义")]);
    fireEvent.change(screen.getByPlaceholderText("请输入商品名称"), { target: { value: "  数学 " } });
    fireEvent.click(button("搜索"));
    await waitFor(() => expect(names()).toEqual(["数学讲义"]));
    expect(server.calls("GET /cms/productmodel").at(-1)?.params).toMatchObject({ key: "数学" });
    fireEvent.change(screen.getByPlaceholderText("请输入商品名称"), { target: { value: "" } });
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(server.calls("GET /cms/productmodel").at(-1)?.params).not.toHaveProperty("key");
  });

  it("adds with https:// prepended to the address and the description on one line, and lists the new product", async () => {
    const server = await openList([product(1, "数学讲义")]);
    fireEvent.click(button("添加"));
    await findDialog();
    type("请输入商品标题", "物理讲义");
    type("请输入商品详情页地址", "shop.example/9");
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入商品描述"), { target: { value: "第一行\n第二行" } });
    type("不填时使用创建时间", "P9");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(server.calls("POST /cms/productmodel")).toHaveLength(1));
    // The spec's wire shape (2 §7): the fields as JSON text in `product`.
    expect(Object.keys(server.calls("POST /cms/productmodel")[0].body as object)).toEqual(["product"]);
    expect(sentProduct(server.calls("POST /cms/productmodel")[0].body)).toMatchObject({
      productname: "物理讲义",
      productdetailurl: "https://shop.example/9",
      productdesc: "第一行第二行",
      productid: "P9",
    });
    await waitFor(() => expect(toast()).toContain("添加成功"));
    // The add invalidated the list: it is fetched again and shows the new product.
    await waitFor(() => expect(names()).toEqual(["物理讲义", "数学讲义"]));
  });

  it("a refused add says 添加商品失败, names the clashing id under its field and reloads the list", async () => {
    const server = await openList([product(1, "数学讲义")], {
      "POST /cms/productmodel": fail(1, "商品Id重复，请重新输入", { field: "productid" }),
    });
    fireEvent.click(button("添加"));
    await findDialog();
    type("请输入商品标题", "物理讲义");
    type("请输入商品详情页地址", "http://shop.example/9");
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入商品描述"), { target: { value: "说明" } });
    type("不填时使用创建时间", "P1");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(toast()).toContain("添加商品失败"));
    expect(sentProduct(server.calls("POST /cms/productmodel")[0].body)).toMatchObject({ productdetailurl: "http://shop.example/9" });
    await waitFor(() => expect(fieldErrors()).toEqual(["商品Id重复，请重新输入"]));
    await waitFor(() => expect(server.calls("GET /cms/productmodel")).toHaveLength(2));
  });

  it("修改 with nothing changed closes without a call; a change sends {id, …}", async () => {
    const server = await openList([product(1, "数学讲义")]);
    fireEvent.click(screen.getByText("修改"));
    await findDialog();
    expect(field("请输入商品标题").value).toBe("数学讲义");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(noDialog()).toBe(true));
    expect(server.calls("PATCH /cms/productmodel")).toHaveLength(0);

    fireEvent.click(screen.getByText("修改"));
    await findDialog();
    type("请输入商品标题", "高等数学讲义");
    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(server.calls("PATCH /cms/productmodel")).toHaveLength(1));
    expect(server.calls("PATCH /cms/productmodel")[0].body).toMatchObject({ id: 1 });
    expect(sentProduct(server.calls("PATCH /cms/productmodel")[0].body)).toMatchObject({ productname: "高等数学讲义", productid: "P1" });
    await waitFor(() => expect(toast()).toContain("修改成功"));
  });

  it("删除 asks first; a refused deletion says 删除商品失败 and reloads the list", async () => {
    const server = await openList([product(1, "数学讲义")], { "DELETE /cms/productmodel": fail(1, "记录不存在") });
    fireEvent.click(screen.getByText("删除"));
    const confirm = await findDialog();
    expect(confirm.querySelector(".ant-modal-confirm-content")?.textContent).toBe("确定删除商品「数学讲义」吗？");
    fireEvent.click(button("确定", confirm));
    await waitFor(() => expect(toast()).toContain("删除商品失败"));
    await waitFor(() => expect(server.calls("GET /cms/productmodel")).toHaveLength(2));
    expect(names()).toEqual(["数学讲义"]);
  });
});
