import type { ThemeConfig } from "antd";

/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`, WCAG
 * 2.3.3): antd's transitions and the charts' growth are then left out and screens simply appear.
 * Read once, when the console starts.
 */
export const reducedMotion: boolean =
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** antd's theme with its motion turned off when less motion is asked for. */
export const motionTheme = (theme: ThemeConfig, reduced: boolean): ThemeConfig => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme);

/** A chart option drawn at once, without growing into place, when less motion is asked for. */
export const chartMotion = <T extends object>(option: T, reduced: boolean): T => (reduced ? { ...option, animation: false } : option);
