import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fieldProblem } from "../../../src/engine/schema-check";
import { schemaFiles } from "../../../src/engine/validator";

/**
 * A live's start is not earlier than a day before now (2 §5: the start picker's range), judged by
 * the schema the form and the server share (live.create → live-begin.def; issue 16, 3.15).
 */
const liveCreate = schemaFiles.find((file) => file.$id === "live.create")!;
const format = (day: dayjs.Dayjs) => day.format("YYYY-MM-DD HH:mm:ss");
const values = (begin: dayjs.Dayjs) => ({ title: "函数的单调性", courseid: 12, begintime: format(begin), endtime: format(begin.add(1, "hour")) });

describe("live.create's start", () => {
  let now: dayjs.Dayjs;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    now = dayjs().startOf("minute");
    vi.setSystemTime(now.toDate());
  });
  afterEach(() => vi.useRealTimers());

  it("takes a start up to a day past and refuses one further back with 开始时间不能早于当前时间前一天", () => {
    expect(fieldProblem(liveCreate, "begintime", values(now.subtract(1, "day")))).toBeNull();
    expect(fieldProblem(liveCreate, "begintime", values(now.subtract(1, "day").subtract(1, "second")))).toBe("开始时间不能早于当前时间前一天");
    expect(fieldProblem(liveCreate, "begintime", values(now.subtract(7, "day")))).toBe("开始时间不能早于当前时间前一天");
  });

  it("judges the same start again as the clock moves on, not from a remembered answer", () => {
    const begin = now.subtract(12, "hour");
    expect(fieldProblem(liveCreate, "begintime", values(begin))).toBeNull();
    vi.setSystemTime(now.add(13, "hour").toDate());
    expect(fieldProblem(liveCreate, "begintime", values(begin))).toBe("开始时间不能早于当前时间前一天");
  });
});
