import { describe, expect, it } from "vitest";
import { buildMatcher } from "../../../server/services/filter-words/matcher";

/** The room's word matcher (server/services/filter-words/matcher.ts), on its own. */
describe("the sensitive-word matcher", () => {
  it("flags a black word anywhere, Latin letters in any case, and nothing without black words", () => {
    const m = buildMatcher(["海市", "SpAm", "Ärger"], []);
    expect(m.flags("海市蜃楼")).toBe(true);
    expect(m.flags("这是海市")).toBe(true);
    expect(m.flags("no SPAM here")).toBe(true);
    expect(m.flags("viel ärger")).toBe(true);
    expect(m.flags("海 市")).toBe(false);
    expect(m.flags("spa m")).toBe(false);
    expect(buildMatcher([], ["上海市"]).flags("海市")).toBe(false);
  });

  it("lets a black occurrence pass only where a white word covers it", () => {
    const m = buildMatcher(["海市", "ab"], ["上海市", "海市蜃楼", "xaby"]);
    expect(m.flags("上海市")).toBe(false);
    expect(m.flags("海市蜃楼")).toBe(false);
    expect(m.flags("上海市蜃楼")).toBe(false);
    expect(m.flags("上海市和海市")).toBe(true);
    expect(m.flags("XABY")).toBe(false);
    expect(m.flags("xab")).toBe(true);
    // A white word beside the black one, not around it, excuses nothing.
    expect(buildMatcher(["市"], ["上海"]).flags("上海市")).toBe(true);
  });

  it("finds overlapping and nested words (the automaton's fail links)", () => {
    const m = buildMatcher(["she", "he", "hers"], ["ushe"]);
    expect(m.flags("ushers")).toBe(true); // "hers" is not inside "ushe"
    expect(m.flags("ushe")).toBe(false); // "she" and "he" both inside it
    expect(buildMatcher(["abcd", "bc"], []).flags("abce")).toBe(true);
    expect(buildMatcher(["aab"], []).flags("aaab")).toBe(true);
  });

  it("builds 1000 words and judges 10,000 messages of 200 characters in well under a second each", () => {
    const words = Array.from({ length: 1000 }, (_, i) => `敏感${i}词`);
    const started = performance.now();
    const m = buildMatcher(words, Array.from({ length: 1000 }, (_, i) => `白${i}名单`));
    const built = performance.now() - started;
    const messages = Array.from({ length: 10_000 }, (_, i) => `${"聊天内容".repeat(49)}${i % 100 === 0 ? "敏感7词" : "平安"}`);
    const judged = performance.now();
    expect(messages.filter((text) => m.flags(text))).toHaveLength(100);
    const per = performance.now() - judged;
    expect(built).toBeLessThan(1000);
    expect(per).toBeLessThan(5000);
  });
});
