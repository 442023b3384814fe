import { describe, expect, it } from "vitest";
import type { ColumnDecl } from "../../../resources/kernel/define";
import { teacherDetail } from "../../../resources/users/detail";
import { cellText, durationText } from "../../../src/engine/cells";
import { callValues, readFilters } from "../../../src/engine/list-filter-values";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

const { columns, filters } = teacherDetail.report;
const column = (field: string) => columns.find((c) => c.field === field) as ColumnDecl;
const live = (row: Record<string, unknown>): Record<string, unknown> => ({ status: 2, playtype: 1, online: 0, scale: 0, ...row });
const cell = (field: string, row: Record<string, unknown>) => cellText(column(field), live(row)[field], live(row));

describe("the declared columns of a person's lives", () => {
  it("writes the actual class time in hours, minutes and seconds, or 0秒", () => {
    expect(durationText(0)).toBe("0秒");
    expect(durationText(-5)).toBe("0秒");
    expect(durationText(Number.NaN)).toBe("0秒");
    expect(durationText(59)).toBe("59秒");
    expect(durationText(125)).toBe("2分5秒");
    expect(durationText(3600)).toBe("1小时0分0秒");
    expect(durationText(6636.7)).toBe("1小时50分36秒");
  });

  it("names the play type (1 live, anything else replay) and the class scale", () => {
    expect([1, 2, 0].map((playtype) => cell("playtype", { playtype }))).toEqual(["直播", "回放", "回放"]);
    expect([0, 1, 5].map((scale) => cell("scale", { scale }))).toEqual(["小班", "大班", "双师"]);
    expect(cell("scale", { scale: 18 })).toBe("大班小课");
    expect(cell("scale", { scale: 999 })).toBe("-");
  });

  it("says a live not yet held is 未开始 with no duration, and how and how long a held one was attended", () => {
    const both = (status: number, playtype: number, online: number) => [cell("playtype", { status, playtype, online }), cell("online", { status, playtype, online })];
    expect(both(0, 1, 0)).toEqual(["未开始", "-"]);
    expect(both(1, 1, 0)).toEqual(["直播", "0秒"]);
    expect(both(2, 2, 125)).toEqual(["回放", "2分5秒"]);
  });

  it("shows a live's time span compactly within a day", () => {
    const span = (begintime: string, endtime: string) => cell("begintime", { begintime, endtime });
    expect(span("2026-11-21 10:00:00", "2026-11-21 11:30:00")).toBe("2026-11-21 10:00:00 ~ 11:30:00");
    expect(span("2026-11-21 23:00:00", "2026-11-22 01:00:00")).toBe("2026-11-21 23:00:00 ~ 2026-11-22 01:00:00");
    expect(span("", "")).toBe("-");
  });
});

describe("the lives' filters in the URL and on the call", () => {
  it("ignores malformed values", () => {
    expect(readFilters(new URLSearchParams("status=5&begintime=2026-02-30&endtime=2026-03-01"), filters!)).toEqual({});
    expect(readFilters(new URLSearchParams("begintime=2026-03-02&endtime=2026-03-01"), filters!)).toEqual({});
  });

  it("sends the days of the range whole, from 00:00:00 to 23:59:59", () => {
    const values = readFilters(new URLSearchParams("mobile=13800000003&title=数学&status=0&begintime=2026-01-01&endtime=2026-01-31"), filters!);
    expect(values).toEqual({ title: "数学", status: "0", begintime: "2026-01-01", endtime: "2026-01-31" });
    expect(callValues(filters, values)).toEqual({ title: "数学", status: "0", begintime: "2026-01-01 00:00:00", endtime: "2026-01-31 23:59:59" });
  });
});
