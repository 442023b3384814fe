import { describe, expect, it } from "vitest";
import { antdConfig } from "../../../src/lib/antd-config";
import { chartMotion, motionTheme, reducedMotion } from "../../../src/lib/reduced-motion";
import { theme } from "../../../src/lib/theme";

describe("a person who asked for less motion (prefers-reduced-motion)", () => {
  it("gets antd without transitions, and the console's colours kept", () => {
    const reduced = motionTheme(theme, true);
    expect(reduced.token?.motion).toBe(false);
    expect(reduced.token?.colorPrimary).toBe(theme.token?.colorPrimary);
    expect(motionTheme(theme, false)).toBe(theme);
  });

  it("gets charts drawn at once, their option otherwise as it was", () => {
    const option = { series: [{ type: "line" as const, data: [1, 2] }] };
    expect(chartMotion(option, true)).toEqual({ ...option, animation: false });
    expect(chartMotion(option, false)).toBe(option);
  });

  it("is read from the system's setting, which this test's browser does not ask for", () => {
    expect(reducedMotion).toBe(false);
    expect(antdConfig.theme).toBe(theme);
  });
});
