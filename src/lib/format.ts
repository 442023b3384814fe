const yuan = new Intl.NumberFormat("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.678 → "¥12,345.68". */
export const formatYuan = (amount: number) => `¥${yuan.format(amount)}`;

/** The organisation name's font size in the sidebar (1 §9): 18 under 5 characters, 14 under 10, else 12. */
export function orgNameFontSize(name: string): number {
  const length = [...name].length;
  if (length < 5) return 18;
  if (length < 10) return 14;
  return 12;
}

const units = ["B", "KB", "MB", "GB"];

/** A size in B, KB, MB or GB (2 §9), one decimal past bytes: 1536 → "1.5KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value}B` : `${+value.toFixed(1)}${units[unit]}`;
}
