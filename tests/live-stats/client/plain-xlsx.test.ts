import { read, utils } from "xlsx";
import { describe, expect, it } from "vitest";
import { columnName, plainXlsx } from "../../../src/lib/xlsx/plain-xlsx";
import { freezeClock } from "../../kernel/support/clock";

// The rows carry times of a live held on 2026-11-20 (tests/kernel/support/clock.ts).
freezeClock("2026-11-21T10:00:00+08:00");

describe("an xlsx of text written directly (the exports' writer)", () => {
  it("reads back as the rows it was given, markup and controls made safe, blanks left blank", async () => {
    const rows = [
      ["用户名", "进入时间", "离开时间", "用户ID"],
      ["<b>游客&\"甲\"</b>", "2026-11-20 10:00:00", "", "0012"],
      ["bad\u0001char", "2026-11-20 10:01:00", "2026-11-20 10:02:00", "7"],
    ];
    const bytes = await plainXlsx(rows, "直播明细", () => undefined);
    const book = read(new Uint8Array(bytes));
    expect(book.SheetNames).toEqual(["直播明细"]);
    const back = utils.sheet_to_json<string[]>(book.Sheets["直播明细"], { header: 1, defval: "", raw: false });
    expect(back).toEqual([rows[0], rows[1], ["badchar", ...rows[2].slice(1)]]);
    // Text stays text: an id with leading zeros is not a number.
    expect(book.Sheets["直播明细"].D2).toMatchObject({ t: "s", v: "0012" });
  });

  it("names columns past Z as Excel does", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });
});
