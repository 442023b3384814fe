import { authApi } from "../../../resources/auth/auth";
import { statsApi } from "../../../resources/stats/stats";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import * as fixture from "../../../stories/stats/stats-fixtures";
import { mainAdminMenu } from "../../../stories/support/fixtures";
import { fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";

export const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The dashboard and statistics calls answered from the shared fixtures, dated around `now`. */
export function statsAnswers(now: number): Record<string, Handler | unknown> {
  return {
    // The main admin's menu: every module is its to see.
    [key(authApi.menu)]: ok(mainAdminMenu),
    [key(statsApi.boardConfig)]: ok([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
    [key(statsApi.saveBoardConfig)]: (request: { body?: Record<string, unknown> }) => ok(request.body?.modules),
    [key(statsApi.courseLive)]: ok(fixture.courseLive),
    [key(statsApi.todayLive)]: ok(fixture.todayLive),
    [key(statsApi.users)]: ok(fixture.userCounts),
    [key(statsApi.uvpv)]: ok(fixture.uvpv),
    [key(statsApi.todayConsume)]: ok(fixture.todayConsume),
    [key(statsApi.consume)]: ok(fixture.consumeRecords(now), { count: 14 }),
    [key(statsApi.liveOnline)]: ok(fixture.liveOnline(now)),
    [key(statsApi.replayOnline)]: ok(fixture.replayOnline(now)),
    [key(statsApi.storage)]: ok(fixture.storage(now)),
    [key(statsApi.storageV2)]: ok(fixture.storageV2(now)),
    [key(statsApi.vodBandwidth)]: ok(fixture.vodBandwidth(now)),
    [key(statsApi.vodFlow)]: ok(fixture.vodFlow(now)),
    [key(authApi.balance)]: ok({ balance: fixture.balance }),
  };
}

export const statsServer = (now: number, overrides: Record<string, Handler | unknown> = {}) =>
  fakeServer({ ...statsAnswers(now), ...overrides });
