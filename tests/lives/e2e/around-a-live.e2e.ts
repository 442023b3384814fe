import { afterAll, describe, expect, inject, it } from "vitest";
import { deviceLabels, type DeviceKind } from "../../../resources/live-stats/live-stats-api";
import { monitorApi } from "../../../resources/live-monitor/monitor-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { timelineSettings } from "../../../resources/time-machine/time-machine";
import { openDb } from "../../../server/db/database";
import { formatDateTime } from "../../../server/services/datetime";
import { closeBrowser, fakeCamera, iPhone, launchWith, newPage, phone, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { addTemplate, clickCard, clicksCounted, importTemplates } from "../../live-commerce/e2e/live-commerce-support";
import { openStudents, statusSummary, studentRow } from "../../live-monitor/e2e/live-monitor-support";
import { absentOnAttendance, dataRows, exportChosenRow, exportedSheet, liveStatShows, viewerLogHeader } from "../../live-stats/e2e/live-stats-support";
import { chatControlOpens, moderate } from "../../moderation/e2e/moderation-support";
import { enrol, enterRoom, freshLive, newStudent, reviewAll } from "../../rooms/e2e/rooms-support";
import { framesOf, onAir, shotsOf, timelineShows } from "../../time-machine/e2e/time-machine-support";

/**
 * Issue 20's "Done when", one path on the suite's server (SQLite, and PostgreSQL in its pass): a
 * live with review on; its teacher on air from the built-in room (Chromium's fake camera) and two
 * students in the room, 赵同学 at a desktop and 孙同学 on an iPhone. The students chat and the admin
 * moderates on /chatManager (pass, ban, reply, revoke: both rooms obey each) and finds the live on
 * /chatMonitor; products imported from templates are cards in the room and the phone's click is
 * counted on /sellProduct; /teaTimeMachine shows the teacher's frames (the room's minute and the
 * page's 65 s poll reached with Playwright's clock); /liveStat counts the devices and the three at
 * once; /userLiveStatus shows 赵同学 leaving at its 10 s refresh (the clock again); the listening
 * data exports an xlsx whose rows are the room's viewer log as the database holds it.
 *
 * The steps are those of each feature's own path (the *-support modules beside them), chained on
 * one live; this file stands for the moderation and statistics paths in the PostgreSQL pass
 * (tests/kernel/e2e/lanes.mjs).
 */

launchWith(fakeCamera);
afterAll(closeBrowser);

describe("around a running live", () => {
  it("moderates two students' chat, sells in the room, and the monitors, time machine, statistics and listening data show that live", async () => {
    // Names of this run (a retry makes its own): the second student, the live, the templates.
    const stamp = Date.now() % 100_000_000;
    const title = `直播全程${stamp % 100000}`;
    const sun = { name: "孙同学", mobile: `136${String(stamp).padStart(8, "0")}`, passwd: "abc12345" };
    const products = [
      { name: `全程讲义${stamp}`, id: `around-a-${stamp}` },
      { name: `全程套装${stamp}`, id: `around-b-${stamp}` },
    ];
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    // The admin's pages run on Playwright's clock (at the real time, flowing): their refreshes are reached by moving it on.
    await admin.context().clock.install();
    await signInAsAdmin(admin);
    for (const p of products) await addTemplate(admin, p.name, p.id);
    const live = await freshLive(admin, title, 1, reviewAll);
    await newStudent(admin, sun);
    await enrol(admin, live, sun.mobile);
    await importTemplates(admin, live, products.map((p) => p.name));

    // The three in the room, side by side: the teacher on a clock of its own (the room's frames are a
    // minute apart), 赵同学 at a desktop, 孙同学 on an iPhone.
    const teacherPage = await newPage();
    await teacherPage.context().clock.install();
    const zhaoPage = await newPage();
    const sunPage = await newPage({ ...phone, userAgent: iPhone });
    const [teacher, zhao, sunRoom] = await Promise.all([
      enterRoom(teacherPage, "13800000001", roomRoutes.teacher, live),
      enterRoom(zhaoPage, "13800000003", roomRouteFor("student", 1), live),
      enterRoom(sunPage, sun.mobile, roomRouteFor("student", 1), live, sun.passwd),
    ]);

    // Chat review: held, passed (both see it), banned (neither), a reply (both), the pass revoked (gone from both).
    await moderate(admin, live.liveId, [zhao, sunRoom], { passed: `请通过${stamp}`, banned: `请禁止${stamp}`, reply: `大家好，<b>${stamp}</b>` });
    await screenshot(sunPage, "around-room-after-moderation");
    await chatControlOpens(admin, title, live.liveId);

    // The products: cards in the phone's room, its click counted on /sellProduct.
    await clickCard(sunPage, sunRoom, products[1].name);
    await screenshot(sunPage, "around-room-cards");
    await clicksCounted(admin, live, { [products[1].id]: 1 }, products[1].name, 1);

    // The time machine: the teacher goes on air, a frame is taken at once, the next a minute on.
    await onAir(teacher);
    await expect.poll(() => framesOf(admin, live.liveId), { timeout: 30_000 }).toBe(1);
    await timelineShows(admin, live.liveId);
    await expect.poll(() => shotsOf(admin).count()).toBe(1);
    await teacherPage.context().clock.fastForward(60_000);
    await expect.poll(() => framesOf(admin, live.liveId), { timeout: 30_000 }).toBe(2);
    // The page asks again at its 65 s poll and adds the new frame to the timeline.
    await admin.context().clock.fastForward(timelineSettings.pollMs);
    await expect.poll(() => shotsOf(admin).count()).toBe(2);
    await screenshot(admin, "around-time-machine");

    // The statistics: the teacher's and 赵同学's desktops, 孙同学's iPhone, all three at once, one address.
    await liveStatShows(admin, live, { users: 3, ips: 1, devices: [`${deviceLabels.pc}\t2`, `${deviceLabels.ios}\t1`], peak: 3 });
    await screenshot(admin, "around-live-stat");

    // Who is online: both students, then 赵同学 leaves.
    await openStudents(admin, live, title);
    const summary = statusSummary(admin);
    await expect.poll(() => summary.innerText()).toMatch(/学生总数\s*2[\s\S]*在线人数\s*2/);
    const zhaoRow = studentRow(admin, "赵同学");
    await expect.poll(() => zhaoRow.innerText()).toContain("在线");
    await expect.poll(() => studentRow(admin, sun.name).innerText()).toContain("在线");
    await zhaoPage.context().close();
    // The server has 赵同学 offline (the page's own call), then the page's next refresh shows it.
    const offline = async () => {
      const res = await admin.request.get(monitorApi.students.path, { params: { liveid: String(live.liveId), courseid: String(live.courseId), online: "0", page: "1", count: "10" } });
      return ((await res.json()) as { data: { users: { name: string }[] } }).data.users.map((u) => u.name);
    };
    await expect.poll(offline).toEqual(["赵同学"]);
    await admin.context().clock.fastForward(10_000);
    await expect.poll(() => zhaoRow.innerText(), { timeout: 8_000 }).toContain("离线");
    await expect.poll(() => summary.innerText(), { timeout: 8_000 }).toMatch(/在线人数\s*1/);
    await screenshot(admin, "around-user-live-status");

    // The listening data: every visit of the room, exported; the file's rows are the viewer log in the database.
    await admin.goto(`/exportLiveUserDataShowData?liveId=${live.liveId}&title=${encodeURIComponent(title)}`);
    const db = openDb({ databaseUrl: inject("databaseUrl") || null, dataDir: inject("dataDir") });
    const visits = await db.kysely
      .selectFrom("room_visits")
      .select(["username", "entered_at", "left_at", "device", "ip", "identity_id"])
      .where("live_id", "=", live.liveId)
      .where("play_type", "=", 1)
      .orderBy("entered_at")
      .orderBy("id")
      .execute()
      .finally(() => db.close());
    expect(visits.map((v) => v.username).sort()).toEqual(["孙同学", "李老师", "赵同学"].sort());
    await expect.poll(() => dataRows(admin).count()).toBe(visits.length);
    await screenshot(admin, "around-listening-data");
    const log = visits.map((v) => [
      v.username,
      formatDateTime(Number(v.entered_at)),
      v.left_at === null ? "-" : formatDateTime(Number(v.left_at)),
      deviceLabels[v.device as DeviceKind],
      v.ip,
      String(v.identity_id ?? 0),
    ]);
    const sheet = await exportedSheet(admin, "导出全部");
    expect(sheet[0]).toEqual(viewerLogHeader);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5], String(r[6])])).toEqual(log);
    // 赵同学 left, and the file says when; the two still in the room have no exit yet.
    expect(visits.filter((v) => v.left_at !== null).map((v) => v.username)).toEqual(["赵同学"]);
    // Fewer columns and one row chosen (the phone's): the file is that row's chosen cells.
    const phoneVisit = visits.findIndex((v) => v.device === "ios");
    await exportChosenRow(admin, phoneVisit, log[phoneVisit]);
    // Attendance: both students came after the start, for a moment of an hour's live.
    await absentOnAttendance(admin, ["赵同学", sun.name]);
    await screenshot(admin, "around-attendance");
  }, 240_000);
});
