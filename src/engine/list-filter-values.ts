import dayjs from "dayjs";
import type { FilterDecl } from "../../resources/define";

/** Filter values by query parameter, as the URL and the list call carry them; absent when blank. */
export type FilterValues = Record<string, string>;

/** Every query parameter a list's filters use. */
export const filterParams = (filters: readonly FilterDecl[]) => filters.flatMap((filter) => (filter.kind === "dateRange" ? filter.params : [filter.param]));

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format("YYYY-MM-DD") === text;

/**
 * What the URL says about the filters, leaving out what a filter could not have produced (an
 * unknown option, half a range, a range running backwards), so a hand-edited link lists as
 * unfiltered instead of failing.
 */
export function readFilters(params: URLSearchParams, filters: readonly FilterDecl[]): FilterValues {
  const values: FilterValues = {};
  for (const filter of filters) {
    if (filter.kind === "dateRange") {
      const [from, to] = filter.params.map((param) => params.get(param) ?? "");
      if (isDay(from) && isDay(to) && from <= to) Object.assign(values, { [filter.params[0]]: from, [filter.params[1]]: to });
      continue;
    }
    const value = (params.get(filter.param) ?? "").trim();
    if (!value) continue;
    if (filter.kind === "enum" && !Object.hasOwn(filter.options, value)) continue;
    values[filter.param] = filter.kind === "text" && filter.maxLength ? value.slice(0, filter.maxLength) : value;
  }
  return values;
}
