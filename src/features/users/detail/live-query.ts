import dayjs from "dayjs";

import { offeredPageSize, pageSizes, type PageSize } from "../../../../resources/kernel/paging";

/** Live status (1 §4): 0 not started, 1 in progress, 2 ended. */
export type LiveStatus = 0 | 1 | 2;

/** The table's paging and filters, as kept in the page's URL (dates as YYYY-MM-DD). */
export interface LiveQuery {
  page: number;
  count: PageSize;
  title: string;
  status?: LiveStatus;
  begin?: string;
  end?: string;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null): string | undefined =>
  value && dayPattern.test(value) && dayjs(value).format("YYYY-MM-DD") === value ? value : undefined;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** What the URL says, with anything malformed left at its default. */
export function readLiveQuery(params: URLSearchParams): LiveQuery {
  const count = Number(params.get("count"));
  const status = params.get("status");
  const begin = validDay(params.get("begin"));
  const end = validDay(params.get("end"));
  const bothDays = begin && end && begin <= end;
  return {
    page: positive(params.get("page")) ?? 1,
    count: offeredPageSize(count, pageSizes),
    title: (params.get("title") ?? "").trim().slice(0, 60),
    status: status === "0" || status === "1" || status === "2" ? (Number(status) as LiveStatus) : undefined,
    begin: bothDays ? begin : undefined,
    end: bothDays ? end : undefined,
  };
}

/** The URL's parameters with the query written in; other parameters (the person) are kept. */
export function writeLiveQuery(params: URLSearchParams, query: LiveQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  set("page", query.page > 1 ? String(query.page) : undefined);
  set("count", query.count !== 10 ? String(query.count) : undefined);
  set("title", query.title || undefined);
  set("status", query.status !== undefined ? String(query.status) : undefined);
  set("begin", query.begin && query.end ? query.begin : undefined);
  set("end", query.begin && query.end ? query.end : undefined);
  return next;
}

export const hasFilters = (query: LiveQuery) => query.title !== "" || query.status !== undefined || query.begin !== undefined;

/**
 * What the list call carries (1 §7): count and page, plus on the search call the title, the
 * status (-1 for every status) and the days stretched to 00:00:00 and 23:59:59.
 */
export function livePayload(query: LiveQuery): Record<string, string | number> {
  const paging = { count: query.count, page: query.page };
  if (!hasFilters(query)) return paging;
  return {
    ...paging,
    title: query.title,
    status: query.status ?? -1,
    ...(query.begin && query.end ? { begintime: `${query.begin} 00:00:00`, endtime: `${query.end} 23:59:59` } : {}),
  };
}
