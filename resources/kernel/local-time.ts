/**
 * Reading the times the cms contract sends: 'YYYY-MM-DD HH:mm:ss' (or a bare 'YYYY-MM-DD') in
 * local time, the clock the server writes them in and the browser shows them in. The server
 * reads queries with it; the `notBeforeNow` schema keyword reads with it on both sides.
 */
const pattern = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Epoch milliseconds of a local date-time, or null when the text is not a real one
 * (2024-02-30 and 25:00:00 are refused, not rolled over). A bare date is its first second,
 * or with `endOfDay` its last millisecond.
 */
export function parseDateTime(text: string, endOfDay = false): number | null {
  const m = pattern.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dateOnly = m[4] === undefined;
  const [h, mi, s] = dateOnly ? [0, 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6])];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same =
    date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d &&
    date.getHours() === h && date.getMinutes() === mi && date.getSeconds() === s;
  if (!same) return null;
  if (dateOnly && endOfDay) return new Date(y, mo - 1, d + 1).getTime() - 1;
  return date.getTime();
}
