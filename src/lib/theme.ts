import type { ThemeConfig } from "antd";

/**
 * The console's colours, chosen so every text meets WCAG 2 AA (4.5:1) on the white and
 * light-grey surfaces it sits on; the end-to-end suite checks each built screen with axe-core.
 * antd's defaults do not: its blue #1677ff is 4.1:1 on white (and white on it), its tertiary
 * text rgba(0,0,0,.45) 3.4:1. Pages that colour text themselves take it from here.
 */
export const palette = {
  /** 5.4:1 on white, 4.8:1 on the selected menu item's pale blue; white on it 5.4:1. */
  primary: "#1463e0",
  /** Danger links and buttons, form errors: antd's red-7, 5.6:1 on white (its #ff4d4f is 3.3:1). */
  error: "#cf1322",
  /**
   * Placeholders: WCAG's 4.5:1 applies to them too (axe does not check them); #767676 is the
   * lightest grey that passes on white. Disabled text stays antd's, being exempt.
   */
  placeholder: "#767676",
  /** Notes, units, descriptions: #666 on white, 5.3:1 on the page's #f5f7fb. */
  mutedText: "rgba(0, 0, 0, 0.6)",
  /** Success words (an import row's 成功): antd's green-8, 5.6:1 on white (its #52c41a is 2.4:1). */
  successText: "#237804",
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    // Links and info tags take colorInfo, which antd seeds separately from the primary.
    colorInfo: palette.primary,
    colorLink: palette.primary,
    colorError: palette.error,
    // Text only: success icons and bars keep antd's brighter green, which is no text.
    colorSuccessText: palette.successText,
    colorTextTertiary: palette.mutedText,
    colorTextDescription: palette.mutedText,
    colorTextPlaceholder: palette.placeholder,
  },
};
