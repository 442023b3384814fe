/** The dashboard's and statistics pages' answers as mock routes (stories/mock-api.ts), from the shared fixtures. */
import { authApi } from "../../../resources/auth/auth";
import { statsApi } from "../../../resources/stats/stats";
import { okEnvelope, type MockRoutes } from "../../mock-api";
import { mainAdminMenu } from "../../support/fixtures";
import * as fixture from "../stats-fixtures";

/** An organisation in full swing, dated around `now`. */
export const busyOrganisation = (now: number = Date.now(), modules: number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]): MockRoutes => [
  // The main admin's menu: every module is its to see.
  [authApi.menu, okEnvelope(mainAdminMenu)],
  [statsApi.boardConfig, okEnvelope(modules)],
  [statsApi.saveBoardConfig, ({ body }) => okEnvelope(body.modules)],
  [statsApi.courseLive, okEnvelope(fixture.courseLive)],
  [statsApi.todayLive, okEnvelope(fixture.todayLive)],
  [statsApi.users, okEnvelope(fixture.userCounts)],
  [statsApi.uvpv, okEnvelope(fixture.uvpv)],
  [statsApi.todayConsume, okEnvelope(fixture.todayConsume)],
  [statsApi.consume, okEnvelope(fixture.consumeRecords(now), { count: 14 })],
  [statsApi.liveOnline, okEnvelope(fixture.liveOnline(now))],
  [statsApi.replayOnline, okEnvelope(fixture.replayOnline(now))],
  [statsApi.storage, okEnvelope(fixture.storage(now))],
  [statsApi.storageV2, okEnvelope(fixture.storageV2(now))],
  [statsApi.vodBandwidth, okEnvelope(fixture.vodBandwidth(now))],
  [statsApi.vodFlow, okEnvelope(fixture.vodFlow(now))],
];

/** A new organisation: zeros and empty series everywhere. */
export const newOrganisation = (modules: number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]): MockRoutes => [
  [authApi.menu, okEnvelope(mainAdminMenu)],
  [statsApi.boardConfig, okEnvelope(modules)],
  [statsApi.saveBoardConfig, ({ body }) => okEnvelope(body.modules)],
  [statsApi.courseLive, okEnvelope(fixture.zero.courseLive)],
  [statsApi.todayLive, okEnvelope(fixture.zero.todayLive)],
  [statsApi.users, okEnvelope(fixture.zero.users)],
  [statsApi.uvpv, okEnvelope(fixture.zero.uvpv)],
  [statsApi.todayConsume, okEnvelope(fixture.zero.todayConsume)],
  [statsApi.consume, okEnvelope([], { count: 0 })],
  ...[statsApi.liveOnline, statsApi.replayOnline, statsApi.storage, statsApi.storageV2, statsApi.vodBandwidth, statsApi.vodFlow].map(
    (endpoint): MockRoutes[number] => [endpoint, okEnvelope([])],
  ),
];

/** Long enough that a story shows its loading state for as long as anyone looks. */
export const NEVER_MS = 2 ** 31 - 1;
