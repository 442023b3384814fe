import { adminPages } from "../kernel/route";

/** The statistics pages the home dashboard's modules lead to (3 §2.2). */
export const statPages = adminPages({
  liveConcurrencyStat: "直播并发统计",
  replayConcurrencyStat: "回放并发统计",
  replayBandwidthStat: "回放带宽统计",
  storeStat: "存储统计",
  storeStatv2: "存储统计",
});

export const statRoutes = Object.values(statPages);
