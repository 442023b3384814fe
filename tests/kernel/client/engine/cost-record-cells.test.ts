import { describe, expect, it } from "vitest";
import { costRecord } from "../../../../resources/billing/cost-record";
import type { FilterDecl } from "../../../../resources/kernel/define";
import { cellText } from "../../../../src/engine/cells";
import { readFilters } from "../../../../src/engine/list-filter-values";
import { freezeClock } from "../../support/clock";

// The default range below is named by its dates: the tests run at one instant, whatever the day.
freezeClock("2026-11-24T10:00:00+08:00");

/** The engine's parts the cost records declare (3 §4): a range that starts at the last 7 days, a unit by the row's type, yuan. */
describe("a cost record's list", () => {
  const range = costRecord.filters.find((f) => f.kind === "dateTimeRange") as FilterDecl;

  it("starts at the last 7 days, today's included, and keeps a range the address gives", () => {
    expect(readFilters(new URLSearchParams(), [range])).toEqual({ begindate: "2026-11-18 00:00:00", enddate: "2026-11-24 23:59:59" });
    const given = new URLSearchParams({ begindate: "2026-10-01 00:00:00", enddate: "2026-10-31 23:59:59" });
    expect(readFilters(given, [range])).toEqual({ begindate: "2026-10-01 00:00:00", enddate: "2026-10-31 23:59:59" });
    // Half a range or a backwards one is no range: the default again.
    expect(readFilters(new URLSearchParams({ begindate: "2026-10-01 00:00:00" }), [range]).begindate).toBe("2026-11-18 00:00:00");
  });

  it("shows usage in its type's unit and money with ¥ and two decimals", () => {
    const [, , usage, cost] = costRecord.columns;
    expect(cellText(usage, 159, { consumetype: "live" })).toBe("159人");
    expect(cellText(usage, 12.5, { consumetype: "oss" })).toBe("12.5GB");
    expect(cellText(usage, null, { consumetype: "total" })).toBe("-");
    expect(cellText(cost, 3088.8, {})).toBe("¥3,088.80");
    expect(cellText(cost, 0.006, {})).toBe("¥0.01");
  });
});
