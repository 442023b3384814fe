import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ColumnDecl } from "../../../../resources/kernel/define";
import { LocalRowsTable } from "../../../../src/engine/local-rows-table";

interface Row {
  id: number;
  name: string;
  at: string;
}
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `行${i + 1}`, at: i % 2 ? "b" : "a" }));
const columns: ColumnDecl[] = [
  { field: "name", title: "名称" },
  { field: "at", title: "类型", format: "enum", options: { a: "甲", b: "乙" } },
  { field: "note", title: "说明" },
];
const bodyRows = () => [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));

describe("the engine's table over rows in hand", () => {
  it("draws declared columns with their formats (an enum's labels) and bespoke cells, paged in its own state", async () => {
    render(<LocalRowsTable<Row> rowKey="id" columns={columns} cells={{ note: (row, index) => `第${index + 1}条·${row.id}` }} rows={rows} pageSize={5} empty="无" />);
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0]).toEqual(["行1", "甲", "第1条·1"]);
    expect(document.body.textContent).toContain("共 12 条");
    fireEvent.click(within(document.querySelector<HTMLElement>(".ant-pagination")!).getByTitle("3"));
    await waitFor(() => expect(bodyRows().map((cells) => cells[0])).toEqual(["行11", "行12"]));
    // The address is not the table's: paging leaves it alone.
    expect(window.location.search).toBe("");
  });

  it("shows every row when unpaged, and its own words while it has none", () => {
    const { rerender } = render(<LocalRowsTable<Row> rowKey="id" columns={columns} rows={rows} pageSize={false} empty="请先选择文件" />);
    expect(bodyRows()).toHaveLength(12);
    expect(document.querySelector(".ant-pagination")).toBeNull();
    rerender(<LocalRowsTable<Row> rowKey="id" columns={columns} rows={[]} pageSize={false} empty="请先选择文件" />);
    expect(screen.getByText("请先选择文件")).toBeTruthy();
  });

  it("steps back to the last page that has rows when rows go", async () => {
    const { rerender } = render(<LocalRowsTable<Row> rowKey="id" columns={columns} rows={rows} pageSize={5} empty="无" />);
    fireEvent.click(within(document.querySelector<HTMLElement>(".ant-pagination")!).getByTitle("3"));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    rerender(<LocalRowsTable<Row> rowKey="id" columns={columns} rows={rows.slice(0, 7)} pageSize={5} empty="无" />);
    await waitFor(() => expect(bodyRows().map((cells) => cells[0])).toEqual(["行6", "行7"]));
  });
});
