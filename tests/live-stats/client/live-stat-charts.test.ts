import { describe, expect, it } from "vitest";
import { chartFigures } from "../../../src/lib/echarts/chart-table";
import { concurrencyChart, devicePie, watchTime } from "../../../src/features/live-stats/live-stat-charts";
import { freezeClock } from "../../kernel/support/clock";

// The points are of a live held on 2026-11-20, drawn the day after (tests/kernel/support/clock.ts).
freezeClock("2026-11-21T10:00:00+08:00");

describe("/liveStat's charts", () => {
  it("draws a slice a device with viewers, and the pie's figures as a table", () => {
    const pie = devicePie({ pc_usernum: 3, android_usernum: 0, ios_usernum: 2, ipad_usernum: 0, h5_usernum: 1, total_usernum: 6 });
    expect(pie && chartFigures(pie)).toEqual({ columns: ["类别", "设备分布"], rows: [["PC", 3], ["iOS", 2], ["H5", 1]] });
    expect(devicePie({ pc_usernum: 0, android_usernum: 0, ios_usernum: 0, ipad_usernum: 0, h5_usernum: 0, total_usernum: 0 })).toBeNull();
  });

  it("draws the concurrency dataset as the statistics pages draw concurrency", () => {
    const option = concurrencyChart({ concurrency_usernum: [1, 3, 2], concurrency_datetime: ["2026-11-20 10:00:00", "2026-11-20 10:01:00", "2026-11-20 10:02:00"] }, Date.now());
    expect(option && chartFigures(option).rows).toEqual([
      ["2026-11-20 10:00:00", 1],
      ["2026-11-20 10:01:00", 3],
      ["2026-11-20 10:02:00", 2],
    ]);
    expect(concurrencyChart({ concurrency_usernum: [], concurrency_datetime: [] }, Date.now())).toBeNull();
  });

  it("shows the average watch time in hours, minutes and seconds", () => {
    expect(watchTime(3723)).toBe("1小时2分3秒");
    expect(watchTime(59.6)).toBe("0小时1分0秒");
    expect(watchTime(0)).toBe("0小时0分0秒");
  });
});
