import { describe, expect, it } from "vitest";
import { livePayload, readLiveQuery, writeLiveQuery } from "../../../src/features/users/detail/live-query";
import { attendedText, durationText, listenedText, liveTimeText, playTypeText, scaleText } from "../../../src/features/users/detail/live-text";
import { freezeClock } from "../../support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

describe("detail table texts", () => {
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
    expect([playTypeText(1), playTypeText(2), playTypeText(0)]).toEqual(["直播", "回放", "回放"]);
    expect([scaleText(0), scaleText(1), scaleText(5)]).toEqual(["小班", "大班", "双师"]);
    expect(scaleText(18)).toBe("大班小课");
    expect(scaleText(999)).toBe("-");
  });

  it("says a live not yet held is 未开始 with no duration, and how and how long a held one was attended", () => {
    const live = (status: number, playtype: number, online: number) => ({ status, playtype, online });
    expect([listenedText(live(0, 1, 0)), attendedText(live(0, 1, 0))]).toEqual(["未开始", "-"]);
    expect([listenedText(live(1, 1, 0)), attendedText(live(1, 1, 0))]).toEqual(["直播", "0秒"]);
    expect([listenedText(live(2, 2, 125)), attendedText(live(2, 2, 125))]).toEqual(["回放", "2分5秒"]);
  });

  it("shows a live's time span compactly within a day", () => {
    expect(liveTimeText("2026-11-21 10:00:00", "2026-11-21 11:30:00")).toBe("2026-11-21 10:00:00 ~ 11:30:00");
    expect(liveTimeText("2026-11-21 23:00:00", "2026-11-22 01:00:00")).toBe("2026-11-21 23:00:00 ~ 2026-11-22 01:00:00");
    expect(liveTimeText("", "")).toBe("-");
  });
});

describe("the detail table's query in the URL", () => {
  it("ignores malformed values", () => {
    const query = readLiveQuery(new URLSearchParams("page=-2&count=33&status=5&begin=2026-02-30&end=2026-03-01"));
    expect(query).toEqual({ page: 1, count: 10, title: "", status: undefined, begin: undefined, end: undefined });
    expect(readLiveQuery(new URLSearchParams("begin=2026-03-02&end=2026-03-01")).begin).toBeUndefined();
  });

  it("round-trips and keeps the person's own parameter", () => {
    const params = writeLiveQuery(new URLSearchParams("mobile=13800000003&page=4"), {
      page: 2,
      count: 20,
      title: "数学",
      status: 0,
      begin: "2026-01-01",
      end: "2026-01-31",
    });
    expect(params.get("mobile")).toBe("13800000003");
    expect(readLiveQuery(params)).toEqual({ page: 2, count: 20, title: "数学", status: 0, begin: "2026-01-01", end: "2026-01-31" });
  });

  it("sends only paging without filters, and every filter with them", () => {
    expect(livePayload({ page: 1, count: 10, title: "" })).toEqual({ count: 10, page: 1 });
    expect(livePayload({ page: 1, count: 10, title: "", status: 0 })).toEqual({ count: 10, page: 1, title: "", status: 0 });
    expect(livePayload({ page: 3, count: 50, title: "", begin: "2026-01-01", end: "2026-01-02" })).toEqual({
      count: 50,
      page: 3,
      title: "",
      status: -1,
      begintime: "2026-01-01 00:00:00",
      endtime: "2026-01-02 23:59:59",
    });
  });
});
