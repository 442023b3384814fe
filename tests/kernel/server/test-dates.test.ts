import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A test that types or compares an absolute date passes only until that date goes by, unless it
// freezes the clock: the live form's test typed 2026-11-25 19:30 and failed from 2026-11-27, when the
// start picker (rightly) refused it. Every file of tests/ that names a calendar date must freeze the
// clock: freezeClock (tests/kernel/support/clock.ts) or vi.setSystemTime in unit tests, Playwright's
// page.clock in the browser suite. A string such as 2024-02-30 is no date (it tests the format) and
// does not count.
const root = join(import.meta.dirname, "../..");
const freezes = /\bfreezeClock\(|\bvi\.setSystemTime\(|\.clock\.(install|setFixedTime|setSystemTime)\(/;
const dateLiteral = /\b((?:19|20)\d\d)-([01]\d)-([0-3]\d)\b/g;

const isCalendarDate = (y: string, m: string, d: string) => {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield path;
  }
}

export function datesNamedWithoutAFrozenClock(text: string): string[] {
  if (freezes.test(text)) return [];
  return [...text.matchAll(dateLiteral)].filter(([, y, m, d]) => isCalendarDate(y, m, d)).map(([date]) => date);
}

describe("tests and the calendar", () => {
  it("every test file that names a date freezes the clock", () => {
    const offenders = [...sources(root)]
      .map((file) => ({ file: relative(root, file), dates: datesNamedWithoutAFrozenClock(readFileSync(file, "utf8")) }))
      .filter(({ dates }) => dates.length > 0)
      .map(({ file, dates }) => `${file}: ${[...new Set(dates)].join(", ")}`);
    expect(offenders).toEqual([]);
  });

  it("counts a date only when it is one, and only without a frozen clock", () => {
    expect(datesNamedWithoutAFrozenClock('typeTime("开始时间", "2026-11-25 19:30:00")')).toEqual(["2026-11-25"]);
    expect(datesNamedWithoutAFrozenClock('bad({ begintime: "2024-02-30" })')).toEqual([]);
    expect(datesNamedWithoutAFrozenClock('freezeClock("2026-11-24T09:00:00+08:00"); typeTime("2026-11-25")')).toEqual([]);
    expect(datesNamedWithoutAFrozenClock('await page.clock.setFixedTime(now); "2030-12-31"')).toEqual([]);
  });
});
