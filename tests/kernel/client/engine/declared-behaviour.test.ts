import { describe, expect, it } from "vitest";
import { auditLog, course, productTemplate, teacher } from "../../../../resources";
import { HttpRequestError } from "../../../../providers/http";
import { coverRect } from "../../../../src/engine/image-resize";
import { failureText } from "../../../../src/engine/mutation-notices";
import { flattenRecord, readField } from "../../../../src/engine/record-fields";
import { rowActionNames } from "../../../../src/engine/row-actions";
import { applyTransforms, transformValue, unchanged } from "../../../../src/engine/transforms";

const product = { productid: "P1", productname: "数学讲义", productdesc: "一本书", productdetailurl: "https://shop.example/1" };
const row = { Id: 7, Product: JSON.stringify(product) };

describe("declared transforms (2 §5)", () => {
  it("prepends https:// unless the address starts with http://, https:// or {host}", () => {
    const prefix = (value: string) => transformValue(["httpsPrefix"], value);
    expect(prefix("shop.example/1")).toBe("https://shop.example/1");
    expect(prefix("http://shop.example/1")).toBe("http://shop.example/1");
    expect(prefix("https://shop.example/1")).toBe("https://shop.example/1");
    expect(prefix("HTTPS://shop.example")).toBe("HTTPS://shop.example");
    expect(prefix("{host}/goods/1")).toBe("{host}/goods/1");
    expect(prefix("")).toBe("");
  });

  it("removes line breaks and gives an empty product id the moment of adding", () => {
    expect(transformValue(["singleLine"], "第一行\n第二行\r\n第三行")).toBe("第一行第二行第三行");
    expect(transformValue(["timestampIfEmpty"], "", 1_732_000_000_000)).toBe("1732000000000");
    expect(transformValue(["timestampIfEmpty"], "P9", 1)).toBe("P9");
  });

  it("tidies a product form as the declaration says, leaving other fields alone", () => {
    const sent = applyTransforms(productTemplate, { productname: "讲义", productdetailurl: "shop.example/2", productdesc: "a\nb", productid: "" }, 42);
    expect(sent).toEqual({ productname: "讲义", productdetailurl: "https://shop.example/2", productdesc: "ab", productid: "42" });
    expect(applyTransforms(teacher, { name: "王老师\n" })).toEqual({ name: "王老师\n" });
  });

  it("tells an unchanged edit from a changed one (an emptied field equals a missing one)", () => {
    expect(unchanged({ a: "1", b: "" }, { a: "1" })).toBe(true);
    expect(unchanged({ a: "1" }, { a: "2" })).toBe(false);
    expect(unchanged({ a: ["x"] }, { a: ["x"] })).toBe(true);
  });
});

describe("JSON text columns", () => {
  it("reads a column's field out of the JSON text (Product.productname)", () => {
    expect(readField(row, "Product.productname")).toBe("数学讲义");
    expect(readField(row, "Id")).toBe(7);
    expect(readField({ Product: "not json" }, "Product.productname")).toBeUndefined();
  });

  it("fills an edit form from the table's JSON column", () => {
    expect(flattenRecord(productTemplate, row)).toMatchObject({ Id: 7, ...product });
  });
});

describe("failure words (1 §8, 2 §8)", () => {
  const refused = new HttpRequestError("记录不存在", 400, { code: 1, refused: true });
  const broken = new HttpRequestError("服务器内部错误", 500);

  it("uses the declared words whatever went wrong (删除商品失败)", () => {
    expect(failureText(productTemplate, "remove", refused)).toBe("删除商品失败");
    expect(failureText(productTemplate, "create", broken)).toBe("添加商品失败");
    expect(failureText(productTemplate, "update", refused)).toBe("修改商品失败");
  });

  it("keeps a refusal quiet where the declaration says so, but always tells a failed status", () => {
    expect(failureText(teacher, "remove", refused)).toBeNull();
    expect(failureText(teacher, "create", refused)).toBe("记录不存在");
    expect(failureText(course, "update", refused)).toBeNull();
    expect(failureText(course, "remove", refused)).toBe("记录不存在");
    expect(failureText(teacher, "remove", broken)).toBe("服务器内部错误");
    expect(failureText(teacher, "create", new HttpRequestError("请求超时", 408, { quiet: true }))).toBeNull();
  });
});

describe("the image resize step (480×320)", () => {
  it("draws a crop of nearly the right shape onto exactly the target, centred, without stretching", () => {
    expect(coverRect({ width: 480, height: 320 }, { width: 480, height: 320 })).toEqual({ x: 0, y: 0, width: 480, height: 320 });
    expect(coverRect({ width: 1201, height: 799 }, { width: 480, height: 320 })).toEqual({ x: 1, y: 0, width: 1199, height: 799 });
    expect(coverRect({ width: 1000, height: 500 }, { width: 480, height: 320 })).toEqual({ x: 125, y: 0, width: 750, height: 500 });
    expect(coverRect({ width: 300, height: 400 }, { width: 480, height: 320 })).toEqual({ x: 0, y: 100, width: 300, height: 200 });
  });
});

describe("row actions", () => {
  it("offers 变更记录 on every list whose writes the server audits (the people's and courses' bespoke writes too)", () => {
    expect(rowActionNames(productTemplate)).toEqual(["edit", "delete", "history"]);
    expect(rowActionNames(teacher)).toEqual(["show", "edit", "delete", "history"]);
    expect(rowActionNames(auditLog)).toEqual([]);
  });
});
