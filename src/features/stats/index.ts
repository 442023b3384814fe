/** What other areas draw the way the statistics pages do (a live's concurrency on /liveStat). */
export { chartOption } from "./chart-option";
export { chartSpecs } from "./chart-specs";
