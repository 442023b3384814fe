import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chartFigures, ChartTable } from "../../../src/lib/echarts/chart-table";
import type { ChartOption } from "../../../src/lib/echarts/option";
import { freezeClock } from "../../kernel/support/clock";

// The days below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-01-03T10:00:00+08:00");

/** Issue 16 item 4.3: a chart is not only a picture; its figures are a table a reader can reach. */
describe("a chart's figures", () => {
  // A line whose last day is under way: the solid line stops before it, a dashed stretch repeats the day before.
  const option: ChartOption = {
    xAxis: { type: "category", data: ["2026-01-01", "2026-01-02", "2026-01-03"] },
    yAxis: { type: "value", name: "人" },
    series: [
      { type: "line", name: "直播并发", data: [12, 30, null] },
      { type: "line", name: "直播并发", data: [null, { value: 30 }, { value: 7 }] },
    ],
  };

  it("are a table of the days, one column per series, with the unit", () => {
    expect(chartFigures(option)).toEqual({
      columns: ["时间", "直播并发（人）"],
      rows: [
        ["2026-01-01", 12],
        ["2026-01-02", 30],
        ["2026-01-03", 7],
      ],
    });
  });

  it("are under the chart, opened from a summary a keyboard reaches", () => {
    render(<ChartTable option={option} label="直播并发图表" />);
    const summary = screen.getByText("数据表");
    expect(summary.tagName).toBe("SUMMARY");
    const details = summary.parentElement as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const table = screen.getByRole("table", { name: "直播并发图表" });
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual(["时间直播并发（人）", "2026-01-0112", "2026-01-0230", "2026-01-037"]);
  });
});
