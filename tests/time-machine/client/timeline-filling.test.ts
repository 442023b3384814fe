import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineSettings } from "../../../resources/time-machine/time-machine";
import { paceFor, placeShot, TimelineFiller, type Footmark, type Slot } from "../../../src/features/time-machine/timeline-filling";

/**
 * The time machine's filling (2 §4, §9): 8 empty slots; new frames join one at a time, 500 ms
 * apart (100 ms while more than 20 wait), into the empty slots first, then appended. Timers faked, so
 * the pacing is measured on a clock the test moves.
 */

const at = Date.UTC(2026, 10, 28, 8, 0, 0);
const shots = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ ts: at + (from + i) * 60_000, url: `/cms/teacherfootmark/${String(from + i).padStart(32, "0")}.jpg` }));
const answer = (list: { ts: number; url: string }[]): Footmark => ({ title: "函数图像", timesort: list.map((s) => s.ts), imagelist: Object.fromEntries(list.map((s) => [String(s.ts), s])) });
const filled = (slots: readonly Slot[]) => slots.filter(Boolean).length;

let changes: { slots: readonly Slot[]; appended: boolean }[];
let filler: TimelineFiller;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(at);
  changes = [];
  filler = new TimelineFiller((slots, appended) => changes.push({ slots, appended }));
});
afterEach(() => {
  filler.dispose();
  vi.useRealTimers();
});

describe("the time machine's timeline", () => {
  it("starts with 8 empty slots", () => {
    expect(timelineSettings.slots).toBe(8);
    expect(filler.current).toEqual(Array(8).fill(null));
  });

  it("adds the frames one by one, 500 ms apart, into the empty slots first, in time order", () => {
    const three = shots(3);
    filler.receive(answer([three[2], three[0], three[1]].sort((a, b) => a.ts - b.ts)));
    vi.advanceTimersByTime(499);
    expect(filled(filler.current)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(filler.current[0]).toEqual(three[0]);
    expect(filled(filler.current)).toBe(1);
    vi.advanceTimersByTime(500);
    expect(filler.current.slice(0, 2)).toEqual(three.slice(0, 2));
    vi.advanceTimersByTime(500);
    expect(filler.current).toEqual([...three, null, null, null, null, null]);
    expect(changes.map((c) => c.appended)).toEqual([false, false, false]);
    vi.advanceTimersByTime(5_000);
    expect(changes).toHaveLength(3);
  });

  it("appends after the 8 slots are full, saying so (the page scrolls to it)", () => {
    const ten = shots(10);
    filler.receive(answer(ten));
    vi.advanceTimersByTime(8 * 500);
    expect(filler.current).toEqual(ten.slice(0, 8));
    expect(changes.every((c) => !c.appended)).toBe(true);
    vi.advanceTimersByTime(500);
    expect(filler.current).toHaveLength(9);
    expect(changes.at(-1)).toMatchObject({ appended: true });
    vi.advanceTimersByTime(500);
    expect(filler.current).toEqual(ten);
  });

  it("hurries to 100 ms while more than 20 frames wait, then goes back to 500 ms", () => {
    filler.receive(answer(shots(25)));
    // 25, 24, 23, 22, 21 waiting: each of those five joins 100 ms after the last.
    vi.advanceTimersByTime(5 * 100);
    expect(filled(filler.current)).toBe(5);
    expect(filler.pending).toBe(20);
    // 20 waiting is not over 20: the pace is 500 ms again.
    vi.advanceTimersByTime(499);
    expect(filler.current.length).toBe(8);
    expect(filled(filler.current)).toBe(5);
    vi.advanceTimersByTime(1);
    expect(filled(filler.current)).toBe(6);
    expect([paceFor(21), paceFor(20), paceFor(1)]).toEqual([100, 500, 500]);
  });

  it("adds only the frames it has not shown when the next answer comes (every 65 s)", () => {
    expect(timelineSettings.pollMs).toBe(65_000);
    filler.receive(answer(shots(2)));
    vi.advanceTimersByTime(1_000);
    filler.receive(answer(shots(3)));
    vi.advanceTimersByTime(500);
    expect(filler.current.slice(0, 4)).toEqual([...shots(3), null]);
    vi.advanceTimersByTime(5_000);
    expect(changes).toHaveLength(3);
  });

  it("placeShot fills the first gap, else appends", () => {
    const [a, b] = shots(2);
    expect(placeShot([null, a, null], b)).toEqual({ slots: [b, a, null], appended: false });
    expect(placeShot([a], b)).toEqual({ slots: [a, b], appended: true });
  });
});
