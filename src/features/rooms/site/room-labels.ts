import type { CSSProperties } from "react";
import { liveStateLabels } from "../../../../resources/lives/live-labels";
import type { PresenceRole } from "../../../../resources/rooms/room-api";

/** How the room names each role and a live's state (2 §4 LiveState). */
export const roleLabels: Record<PresenceRole, string> = { teacher: "老师", assistant: "助教", student: "学生", admin: "管理员", guest: "游客" };
export const stateLabels: Readonly<Record<number, string>> = liveStateLabels;

/**
 * Tag colours with text at WCAG AA on their own background (antd's cyan, green and orange tags
 * are about 3.5:1): antd's darker shade of each hue on its lightest.
 */
const tone = (color: string, background: string, border: string): CSSProperties => ({ color, background, borderColor: border });
export const tones = {
  blue: tone("#0958d9", "#e6f4ff", "#91caff"),
  cyan: tone("#006d75", "#e6fffb", "#87e8de"),
  purple: tone("#531dab", "#f9f0ff", "#d3adf7"),
  green: tone("#135200", "#f6ffed", "#b7eb8f"),
  orange: tone("#873800", "#fff7e6", "#ffd591"),
  plain: tone("rgba(0, 0, 0, 0.88)", "#fafafa", "#d9d9d9"),
} as const;

export const roleTones: Record<PresenceRole, CSSProperties> = { teacher: tones.blue, assistant: tones.cyan, student: tones.plain, admin: tones.purple, guest: tones.plain };
export const stateTones: Record<number, CSSProperties> = { 0: tones.plain, 1: tones.green, 2: tones.plain };

/** A place in a recording as a player shows it: 5:07, or 1:02:07 past an hour. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
