import dayjs from "dayjs";
import type { FilterDecl } from "../../resources/kernel/define";

/** Filter values by query parameter, as the URL and the list call carry them; absent when blank. */
export type FilterValues = Record<string, string>;

/** A filter of two values, sent as two parameters. */
export type RangeFilter = Extract<FilterDecl, { params: [string, string] }>;
export const isRange = (filter: FilterDecl): filter is RangeFilter => filter.kind === "dateRange" || filter.kind === "dateTimeRange";

/** Every query parameter a list's filters use. */
export const filterParams = (filters: readonly FilterDecl[]) => filters.flatMap((filter) => (isRange(filter) ? filter.params : [filter.param]));

/** A `lastDays` range's values: its first day's first moment to today's last. */
function lastDaysOf(filter: RangeFilter): FilterValues {
  const format = rangeFormat(filter);
  const today = dayjs();
  return {
    [filter.params[0]]: today.subtract((filter.lastDays ?? 1) - 1, "day").startOf("day").format(format),
    [filter.params[1]]: today.endOf("day").format(format),
  };
}

/** The text format of each range's values. */
export const rangeFormat = (filter: RangeFilter) => (filter.kind === "dateRange" ? "YYYY-MM-DD" : "YYYY-MM-DD HH:mm:ss");

const isTime = (text: string, format: string) => text.length === format.length && dayjs(text).isValid() && dayjs(text).format(format) === text;

/**
 * What the URL says about the filters, leaving out what a filter could not have produced (an
 * unknown option, half a range, a range running backwards), so a hand-edited link lists as
 * unfiltered instead of failing.
 */
export function readFilters(params: URLSearchParams, filters: readonly FilterDecl[]): FilterValues {
  const values: FilterValues = {};
  for (const filter of filters) {
    if (isRange(filter)) {
      const [from, to] = filter.params.map((param) => params.get(param) ?? "");
      const format = rangeFormat(filter);
      if (isTime(from, format) && isTime(to, format) && from <= to) Object.assign(values, { [filter.params[0]]: from, [filter.params[1]]: to });
      else if (filter.lastDays) Object.assign(values, lastDaysOf(filter));
      continue;
    }
    const value = (params.get(filter.param) ?? "").trim();
    if (!value) continue;
    if (filter.kind === "enum" && !Object.hasOwn(filter.options, value)) continue;
    // A record's value is an id: anything else could not have come from the list of records.
    if (filter.kind === "lookup" && !/^\d{1,10}$/.test(value)) continue;
    values[filter.param] = filter.kind === "text" && filter.maxLength ? value.slice(0, filter.maxLength) : value;
  }
  return values;
}

/** The filters' values as the list call takes them: a `wholeDays` range from its first day's first second to its last day's last. */
export function callValues(filters: readonly FilterDecl[] = [], values: FilterValues): FilterValues {
  const sent = { ...values };
  for (const filter of filters) {
    if (filter.kind !== "dateRange" || !filter.wholeDays) continue;
    const [from, to] = filter.params;
    if (sent[from] && sent[to]) Object.assign(sent, { [from]: `${sent[from]} 00:00:00`, [to]: `${sent[to]} 23:59:59` });
  }
  return sent;
}
