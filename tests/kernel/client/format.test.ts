import { describe, expect, it } from "vitest";
import { formatYuan, orgNameFontSize } from "../../../src/lib/format";
import { maskMobile } from "../../../src/lib/mask";

describe("display rules", () => {
  it("sizes the organisation name by its length (1 §9)", () => {
    expect(orgNameFontSize("示例学校")).toBe(18);
    expect(orgNameFontSize("示例实验学校")).toBe(14);
    expect(orgNameFontSize("示例实验学校附属中")).toBe(14);
    expect(orgNameFontSize("示例实验学校附属中学")).toBe(12);
  });

  it("shows yuan with thousands separators and two decimals", () => {
    expect(formatYuan(12345.678)).toBe("¥12,345.68");
    expect(formatYuan(0)).toBe("¥0.00");
  });

  it("masks the middle of a mobile number", () => {
    expect(maskMobile("13800000000")).toBe("138****0000");
    expect(maskMobile(undefined)).toBe("");
  });
});
