/** 13812345678 → 138****5678: enough for a person to recognise their own number. */
export function maskMobile(mobile: string | undefined | null): string {
  if (!mobile) return "";
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}
