import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import {
  CONSUME_MAX_COUNT,
  DEFAULT_MODULES,
  dashboardModules,
  statsApi,
  type ConsumeRecord,
  type CourseLiveCounts,
  type DashboardModule,
  type TodayConsume,
  type TodayLiveCounts,
  type UserCounts,
  type UvPv,
} from "../../../../resources/stats";
import { call, errorText, type Payload } from "../../../../providers/http";
import type { ChartPoints } from "../chart-specs";
import { LOADING, type Load } from "../load-state";
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
 * The data of one dashboard visit. Each call is made at most once, however many modules
 * read it and however often React mounts them; modules subscribe to its answer.
 */
export function createDashboardSource(now: number = Date.now()) {
  const range: RangeQuery = dashboardRange(now);
  // Every call of the home, with its query. The figure cards take none; the range calls (1 §7)
  // cover the last 29 days through today, and the consumption list the same days in one page
  // of every type, read for yesterday's figures.
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
  const loads = new Map<SourceKey, Load<unknown>>();
  const listeners = new Set<() => void>();
  let board: Promise<number[]> | null = null;

  const settle = (key: SourceKey, load: Load<unknown>) => {
    loads.set(key, load);
    listeners.forEach((listener) => listener());
  };
  const request = (key: SourceKey): void => {
    if (loads.has(key)) return;
    loads.set(key, LOADING);
    call<unknown>(statsApi[key], queries[key]).then(
      (data) => settle(key, { status: "ok", data }),
      (error: unknown) => settle(key, { status: "error", error: errorText(error) }),
    );
  };
  const isSourceKey = (key: string): key is SourceKey => key in queries;

  return {
    now,
    /** The module list (1 §2.3, §8): the saved one, or modules 1 to 9 when it cannot be read. */
    board(): Promise<number[]> {
      board ??= call<unknown>(statsApi.boardConfig).then(moduleList, () => [...DEFAULT_MODULES]);
      return board;
    },
    request,
    /** Starts the calls of these modules at once, before they render and ask for them. */
    prefetch(modules: readonly DashboardModule[]): void {
      modules.flatMap((module) => module.calls).forEach((key) => isSourceKey(key) && request(key));
    },
    peek<K extends SourceKey>(key: K): Load<SourceData[K]> {
      return (loads.get(key) ?? LOADING) as Load<SourceData[K]>;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DashboardSource = ReturnType<typeof createDashboardSource>;

export const DashboardSourceContext = createContext<DashboardSource | null>(null);

export function useDashboardSource(): DashboardSource {
  const source = useContext(DashboardSourceContext);
  if (!source) throw new Error("a dashboard module needs a DashboardSourceContext");
  return source;
}

/** One call's answer for a module; the call is made when the first module asks. */
export function useSourced<K extends SourceKey>(key: K): Load<SourceData[K]> {
  const source = useDashboardSource();
  useEffect(() => source.request(key), [source, key]);
  return useSyncExternalStore(source.subscribe, () => source.peek(key));
}
