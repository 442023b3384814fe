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
