import { access, defineCalls, type Access } from "../kernel/call";
import { costRecord, costRecordV2 } from "../billing/cost-record";
import { statCallKeys, statsApi } from "./stats";
import { overviewMenuKey } from "../billing/alerts";

/**
 * Statistics are the organisation's, so any admin identity (the main admin or a sub-admin) reads
 * them; teachers, assistants and students do not. The account's figures also need the menu key
 * `statCallKeys` names for the call (resources/stats/stats.ts, the one table the dashboard's module
 * visibility reads too), checked as every menu key is checked.
 */
const admins = (call: keyof typeof statsApi): Access => {
  const key = statCallKeys[call];
  return key ? access.menu([key]) : access.identity("admin");
};

const range = "stat.range";

/**
 * The admin home dashboard and the statistics pages (1 §2.3, §7; 3 §2.2, §7.2, §7.4b). Declared
 * calls: every answer is an aggregate over several tables (kept counts, daily rows, minute
 * buckets), not a table's rows, and the module list merges a sub-admin's choice into the saved one.
 */
export const statsCalls = defineCalls("stats", {
  courseLive: { endpoint: statsApi.courseLive, access: admins("courseLive"), summary: "Course overview: {course, live, vod} counts" },
  todayLive: { endpoint: statsApi.todayLive, access: admins("todayLive"), summary: "Today's lives: {total, used (begun), big, samll, ass (dual-teacher)}" },
  users: { endpoint: statsApi.users, access: admins("users"), summary: "People of the organisation: {assistant, student, teacher}, from the kept counts" },
  uvpv: {
    endpoint: statsApi.uvpv,
    query: "uvpv.query",
    access: admins("uvpv"),
    summary: "Visitors and views {uv, pv, vod_uv, vod_pv}: today, or summed over the days of {begindate, enddate}",
  },
  todayConsume: { endpoint: statsApi.todayConsume, access: admins("todayConsume"), summary: "Today's cost so far in yuan: {live, replay, sms, voicesms}" },
  boardConfig: { endpoint: statsApi.boardConfig, access: admins("boardConfig"), summary: "Dashboard modules of the organisation (numbers 1-13, in display order)" },
  saveBoardConfig: {
    endpoint: statsApi.saveBoardConfig,
    body: "boardconfig",
    access: admins("saveBoardConfig"),
    summary: "Save the dashboard modules of the organisation; a sub-admin names only modules it may see, and the others keep their places",
  },
  liveOnline: {
    endpoint: statsApi.liveOnline,
    query: range,
    access: admins("liveOnline"),
    summary: "Live concurrency: [{date, usernum}], minute buckets up to 2 days, daily maxima beyond",
  },
  replayOnline: {
    endpoint: statsApi.replayOnline,
    query: range,
    access: admins("replayOnline"),
    summary: "Replay concurrency: [{date, usernum}], minute buckets up to 2 days, daily maxima beyond",
  },
  vodBandwidth: { endpoint: statsApi.vodBandwidth, query: range, access: admins("vodBandwidth"), summary: "Vod bandwidth: [{date, mbps}], peak per bucket, at most 1000 points" },
  vodFlow: { endpoint: statsApi.vodFlow, query: range, access: admins("vodFlow"), summary: "Vod traffic: [{date, flow}] bytes per day" },
  storage: { endpoint: statsApi.storage, query: range, access: admins("storage"), summary: "Storage: [{date, size}] bytes stored at the end of each day" },
  storageV2: {
    endpoint: statsApi.storageV2,
    query: range,
    access: admins("storageV2"),
    summary: "Storage v2: [{date, size, vod, doc, cloud}] bytes at the end of each day, by kind",
  },
  consume: {
    endpoint: statsApi.consume,
    query: "consume.query",
    // The cost records' two menu items (/costrecord, /costrecordv2 and its v3) list them too, and the account overview's panels sum them.
    access: access.menu([...new Set([statCallKeys.consume!, costRecord.menu.key, costRecordV2.menu.key, overviewMenuKey])]),
    summary: "Consumption records {data: [{recorddate, consumetype, consumevalue, consumecost (yuan), billing}], count}; type total: a row a day, every type's cost summed. At most 93 days, count ≤ 1000",
  },
});
