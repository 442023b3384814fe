/** The cms time format is read the same way by the server and by the schemas' keywords. */
export { parseDateTime } from "../../resources/kernel/local-time";

/** The first millisecond of the local day holding `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}
