import type { ColumnDecl, FilterDecl, ResourceDecl } from "./define";
import type { Endpoint } from "./endpoint";

/**
 * One number of a detail page's header, read from a declared call's answer: `progress` is done of
 * total (a circle, 1/8), `count` one number with its unit (21次). A card whose call fails shows 0.
 */
export type StatCardDecl =
  | { kind: "progress"; call: Endpoint; label: string; done: string; total: string }
  | { kind: "count"; call: Endpoint; label: string; field: string; suffix?: string };

/**
 * A read-only report under a detail page (1 §2.4: a person's lives): the engine's table of another
 * call's rows, paged and filtered in the address, with the filtered call when a filter is set, a
 * heading with the count, and 导出 of the rows the filters select, every column as shown.
 */
export interface ReportDecl {
  /** Refine's name for the rows (their cache key). */
  name: string;
  /** What one row is called (直播记录): 暂无…, …加载失败. */
  noun: string;
  /** The heading before the count: 直播数量：47. */
  heading: string;
  calls: { list: Endpoint; search?: Endpoint };
  id: string;
  columns: ColumnDecl[];
  filters?: FilterDecl[];
  /** The xlsx file's sheet and name (the name followed by the person and the day). */
  export?: { sheet: string; file: string };
}

/**
 * A detail page (1 §2.4 /teacherInfo, /studentInfo): the record the address names, read by a
 * declared call and shown by a named panel, a header of stat cards, and a report list under it.
 */
export interface DetailDecl {
  route: string;
  title: string;
  /** What the person is called: 未指定老师, 未找到该老师, 返回老师列表, and the name shown when none is known. */
  noun: string;
  /** The list the page is opened from, the way back when nobody (or nobody of this kind) is named. */
  listRoute: string;
  /** The menu entry whose key its holders need (the people's list's). */
  menu: ResourceDecl["menu"];
  /**
   * The address parameter naming the record and the call parameter it is sent as; an `id` is a
   * positive whole number, `text` anything not blank (a mobile). The record's field of the same
   * name defaults to it.
   */
  subject: { param: string; sendAs: string; kind: "id" | "text" };
  /** The record's call (answering 404 for nobody of this kind), its card's title and the panel that draws it. */
  record: { call: Endpoint; title: string; panel: string };
  /** 返回 beside the header, to the list where it was left. */
  back?: boolean;
  cards: StatCardDecl[];
  report: ReportDecl;
}

/** A report's rows as a resource the engine's table lists: no actions, no forms, the detail's menu. */
export function reportResource(detail: Pick<DetailDecl, "route" | "menu">, report: ReportDecl): ResourceDecl {
  return {
    name: report.name,
    noun: report.noun,
    title: report.heading,
    route: detail.route,
    menu: detail.menu,
    api: { list: report.calls.list, ...(report.calls.search ? { search: report.calls.search } : {}) },
    id: report.id,
    label: report.id,
    columns: report.columns,
    filters: report.filters,
    actions: [],
    forms: {},
    emptyText: `暂无${report.noun}`,
    listFailure: `${report.noun}加载失败`,
  };
}

/** A detail page of `resource`, at its `show` route under its `pageTitles.show`. */
export function detailOf(
  resource: ResourceDecl,
  decl: Omit<DetailDecl, "route" | "title" | "noun" | "listRoute" | "menu">,
): DetailDecl {
  if (!resource.show || !resource.pageTitles?.show) throw new Error(`resource "${resource.name}" declares no detail route and title`);
  return {
    route: resource.show.split("?")[0],
    title: resource.pageTitles.show,
    noun: resource.noun,
    listRoute: resource.route,
    menu: resource.menu,
    ...decl,
  };
}
