import { createContext, useContext } from "react";
import {
  CONSUME_MAX_COUNT,
  DEFAULT_MODULES,
  dashboardModules,
  statsApi,
  type ConsumeRecord,
  type CourseLiveCounts,
  type TodayConsume,
  type TodayLiveCounts,
  type UserCounts,
  type UvPv,
} from "../../../../resources/stats/stats";
import type { Payload } from "../../../../providers/http";
import type { ChartPoints } from "../chart-specs";
import type { Load } from "../load-state";
import { useStatCall } from "../use-stat-call";
import { dashboardRange, type RangeQuery } from "../ranges";

/** What each dashboard call answers. */
export type SourceData = {
  courseLive: CourseLiveCounts;
  todayLive: TodayLiveCounts;
  users: UserCounts;
  uvpv: UvPv;
  todayConsume: TodayConsume;
  consume: ConsumeRecord[];
} & { [K in keyof ChartPoints]: ChartPoints[K][] };
export type SourceKey = keyof SourceData;

const byId = new Map(dashboardModules.map((module) => [module.id, module]));

/** The saved list as the page uses it: known modules, each once, in the saved order; else the default. */
export function moduleList(saved: unknown): number[] {
  const list = Array.isArray(saved) ? [...new Set(saved.filter((id): id is number => byId.has(id)))] : [];
  return list.length > 0 ? list : [...DEFAULT_MODULES];
}

/**
 * The queries of one dashboard visit: every call of the home, with its query, over one range.
 * The figure cards take none; the range calls (1 §7) cover the last 29 days through today, and the
 * consumption list the same days in one page of every type, read for yesterday's figures. The
 * calls themselves go through Refine (useSourced), which makes each once however many modules
 * read it and however often React mounts them.
 */
export function createDashboardSource(now: number = Date.now()) {
  const range: RangeQuery = dashboardRange(now);
  const queries: Record<SourceKey, Payload | undefined> = {
    courseLive: undefined,
    todayLive: undefined,
    users: undefined,
    todayConsume: undefined,
    uvpv: { ...range },
    liveOnline: { ...range },
    replayOnline: { ...range },
    storage: { ...range },
    storageV2: { ...range },
    vodBandwidth: { ...range },
    vodFlow: { ...range },
    consume: { ...range, type: "all", page: 1, count: CONSUME_MAX_COUNT },
  };
  return { now, queries };
}

export type DashboardSource = ReturnType<typeof createDashboardSource>;

export const DashboardSourceContext = createContext<DashboardSource | null>(null);

export function useDashboardSource(): DashboardSource {
  const source = useContext(DashboardSourceContext);
  if (!source) throw new Error("a dashboard module needs a DashboardSourceContext");
  return source;
}

/** One call's answer for a module, through Refine's cache. */
export function useSourced<K extends SourceKey>(key: K): Load<SourceData[K]> {
  const source = useDashboardSource();
  return useStatCall<SourceData[K]>(statsApi[key], source.queries[key]);
}

/**
 * The module list (1 §2.3, §8): the saved one, or modules 1 to 9 when it cannot be read. Null while
 * it is asked for; `enabled` false until the admin's menu keys are known.
 */
export function useBoard(enabled: boolean): number[] | null {
  const board = useStatCall<unknown>(statsApi.boardConfig, undefined, { enabled });
  if (board.status === "loading") return null;
  return board.status === "ok" ? moduleList(board.data) : [...DEFAULT_MODULES];
}
