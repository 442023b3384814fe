import { afterAll, describe, expect, it } from "vitest";
import { hostPrefixes } from "../../../server/config";
import { liveStatsApi, type ViewerLogRow } from "../../../resources/live-stats/live-stats-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { api, closeBrowser, iPhone, newPage, phone, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { enterRoom, freshLive } from "../../rooms/e2e/rooms-support";
import { absentOnAttendance, dataRows, exportChosenRow, exportedSheet, liveStatShows, viewerLogHeader } from "./live-stats-support";

afterAll(closeBrowser);

/**
 * A live's statistics and listening data over real room entries (issue 20 items 6 and 7): the
 * teacher in a desktop browser and a student on an iPhone enter the room; /liveStat counts one PC
 * and one iOS viewer and draws two people at once; the listening data exports its viewer log to
 * an xlsx whose rows are the log's.
 */
describe("live statistics and listening data", () => {
  it("shows the room's devices and concurrency, and exports the viewer log as the table shows it", async () => {
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    await signInAsAdmin(admin);
    const live = await freshLive(admin, "统计测试直播", 1);

    await enterRoom(await newPage(), "13800000001", roomRoutes.teacher, live);
    const student = await newPage({ ...phone, userAgent: iPhone });
    const room = await enterRoom(student, "13800000003", roomRouteFor("student", 1), live);
    await room.getByRole("list", { name: "在线成员" }).getByText("李老师").waitFor();
    await student.context().close();

    await liveStatShows(admin, live, { users: 2, ips: 1, devices: ["PC\t1", "iOS\t1"], peak: 2 });
    await screenshot(admin, "live-stat");

    await admin.goto(`/exportLiveUserDataShowData?liveId=${live.liveId}&title=${encodeURIComponent("统计测试直播")}`);
    const rows = dataRows(admin);
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(admin, "listening-data");
    const log = await api<{ resultset: ViewerLogRow[] }>(admin, `${hostPrefixes.liveValidator}${liveStatsApi.liveData.path}?liveid=${live.liveId}&limit=100`);
    const expected = log.resultset.map((r) => [r.username, r.intime, r.outtime || "-", r.device === "ios" ? "iOS" : "PC", r.ip, String(r.userid)]);

    const sheet = await exportedSheet(admin, "导出全部");
    expect(sheet[0]).toEqual(viewerLogHeader);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5], String(r[6])])).toEqual(expected);

    // Fewer columns, one row chosen: the file is that row's chosen cells.
    await exportChosenRow(admin, 1, expected[1]);

    // The attendance tab: the student came after the start, for a moment of an hour's live.
    await absentOnAttendance(admin, ["赵同学"]);
    await screenshot(admin, "listening-data-attendance");
  }, 180_000);
});
