import { afterAll, beforeAll, beforeEach, vi } from "vitest";

/**
 * Freezes `Date` at `at` for the file or `describe` block it is called in, its `beforeAll` (where
 * server tests make their database and seed it) included. Only `Date` is faked: timers still run, so
 * Testing Library's waits and the server's own timers still wait. A test that types or compares an
 * absolute date must freeze the clock, or it fails on a later day (tests/kernel/server/test-dates.test.ts
 * checks that every test file naming a date does).
 */
export function freezeClock(at: string | number | Date) {
  const freeze = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(at));
  };
  beforeAll(freeze);
  // A test that moved the clock itself starts the next one back at the frozen instant.
  beforeEach(freeze);
  afterAll(() => {
    vi.useRealTimers();
  });
}
