import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { portalApi, type PortalClass, type PortalRoom } from "../../../resources/portal/portal";
import { formatDateTime } from "../../../server/services/datetime";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { DAY, fixtures, identityOf, MINUTE, orgId } from "./portal-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The portal's lives and courses (2 §3, §4, §7 "Portal"): what each role sees, the room status and
 * its countdown at the edges (a fixed clock), and the scope: nobody sees another person's lives or
 * another organisation's courses.
 */

let s: TestServer;
let teacher: string;
let assistant: string;
let student: string;
let admin: string;
let schoolA: number;
let schoolB: number;
/** A fixed "now", whole seconds, near the real clock (sessions keep working). */
const T = Math.floor(Date.now() / 1000) * 1000;
const ids: Record<string, number> = {};

const day = (ms: number) => formatDateTime(ms).slice(0, 10);
const at = (ms: number) => vi.setSystemTime(ms);

async function rooms(cookie: string, usertype: number, from = T - DAY, to = T + DAY) {
  const { body } = await call(s.app, cookie, portalApi.lives, { usertype, start: formatDateTime(from), end: formatDateTime(to) });
  expect(body.code, body.msg).toBe(0);
  return body.data as PortalRoom[];
}
const room = async (cookie: string, usertype: number, live: number) => (await rooms(cookie, usertype)).find((r) => r.live_id === live);

beforeAll(async () => {
  s = await startTestServer();
  [teacher, assistant, student, admin] = await Promise.all([
    signIn(s.app, "13800000001", "teacher"),
    signIn(s.app, "13800000002", "assistant"),
    signIn(s.app, "13800000003", "student"),
    signIn(s.app, "13800000000", "admin"),
  ]);
  schoolA = await orgId(s.db, "示例学校");
  schoolB = await orgId(s.db, "第二学校");
  const f = fixtures(s.db);
  const t = await identityOf(s.db, "13800000001", schoolA, "teacher");
  const a = await identityOf(s.db, "13800000002", schoolA, "assistant");
  const st = await identityOf(s.db, "13800000003", schoolA, "student");

  // Teachers may enter 30 minutes early, students 10.
  const config = JSON.stringify({ teaEnterTs: "30", stuEnterTs: "10" });
  ids.course = await f.course(schoolA, "门户状态课");
  ids.soon = await f.live(schoolA, ids.course, "即将开始", T + 40 * MINUTE, T + 100 * MINUTE, { config, scale: 0 });
  ids.recorded = await f.live(schoolA, ids.course, "有回放", T - 5 * 60 * MINUTE, T - 4 * 60 * MINUTE, { status: 2 });
  ids.plain = await f.live(schoolA, ids.course, "无回放", T - 3 * 60 * MINUTE, T - 2 * 60 * MINUTE, { status: 2 });
  ids.endedEarly = await f.live(schoolA, ids.course, "提前下课", T - 10 * MINUTE, T + 50 * MINUTE, { status: 2 });
  ids.voided = await f.live(schoolA, ids.course, "已作废", T + 10 * MINUTE, T + 70 * MINUTE, { voided: 1 });
  await f.recording(schoolA, ids.recorded);
  for (const live of [ids.soon, ids.recorded, ids.plain, ids.endedEarly, ids.voided]) {
    await f.staff(live, t, "teacher");
    await f.staff(live, a, "assistant");
  }
  await f.enrol(ids.course, st);

  // The demo student: enrolled in the course above, added to one live of a course they are not in,
  // and nothing to do with a third course.
  ids.guestCourse = await f.course(schoolA, "旁听课");
  ids.guest = await f.live(schoolA, ids.guestCourse, "旁听一讲", T + 2 * 60 * MINUTE, T + 3 * 60 * MINUTE);
  ids.notGuest = await f.live(schoolA, ids.guestCourse, "未加入的一讲", T + 4 * 60 * MINUTE, T + 5 * 60 * MINUTE);
  await f.addToLive(schoolA, ids.guest, st);
  ids.otherCourse = await f.course(schoolA, "无关课");
  ids.other = await f.live(schoolA, ids.otherCourse, "无关一讲", T + 60 * MINUTE, T + 120 * MINUTE);

  // Ended courses: expired, and made invalid.
  ids.expired = await f.course(schoolA, "已过期课", { expire: T - DAY });
  ids.expiredLive = await f.live(schoolA, ids.expired, "过期课一讲", T - 3 * DAY, T - 3 * DAY + 60 * MINUTE, { status: 2 });
  await f.staff(ids.expiredLive, t, "teacher");
  ids.invalid = await f.course(schoolA, "已停用课", { status: 0 });
  await f.enrol(ids.invalid, st);

  // Another organisation's course and live.
  ids.foreignCourse = await f.course(schoolB, "第二学校的课");
  ids.foreign = await f.live(schoolB, ids.foreignCourse, "第二学校一讲", T + 60 * MINUTE, T + 120 * MINUTE);
});
afterEach(() => vi.useRealTimers());
afterAll(() => s.close());

describe("a room item of /api/v1/user/live", () => {
  it("has the spec's fields, for each portal role", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(T);
    for (const [cookie, usertype] of [[teacher, 1], [assistant, 2], [student, 0]] as const) {
      const item = await room(cookie, usertype, ids.soon);
      expect(item).toEqual({
        live_id: ids.soon,
        group_id: schoolA,
        live_type: 0,
        title: "即将开始",
        status: -1,
        begin_time: formatDateTime(T + 40 * MINUTE),
        end_time: formatDateTime(T + 100 * MINUTE),
        enterts: usertype === 0 ? 30 * 60 : 10 * 60,
        teachers: [{ account: expect.any(Number), name: "李老师", nick: "李老师" }],
        class_id: ids.course,
        class_name: "门户状态课",
      });
    }
  });

  it("opens to a teacher at teaEnterTs and to a student at stuEnterTs before the start, to the second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const teacherOpens = T + 10 * MINUTE;
    const studentOpens = T + 30 * MINUTE;
    at(teacherOpens - 1000);
    expect(await room(teacher, 1, ids.soon)).toMatchObject({ status: -1, enterts: 1 });
    expect(await room(assistant, 2, ids.soon)).toMatchObject({ status: -1, enterts: 1 });
    at(teacherOpens - 1);
    expect(await room(teacher, 1, ids.soon)).toMatchObject({ status: -1, enterts: 1 });
    at(teacherOpens);
    expect(await room(teacher, 1, ids.soon)).toMatchObject({ status: 0, enterts: 0 });
    expect(await room(student, 0, ids.soon)).toMatchObject({ status: -1, enterts: 20 * 60 });
    at(studentOpens);
    expect(await room(student, 0, ids.soon)).toMatchObject({ status: 0, enterts: 0 });
  });

  it("is in progress until its end, then ended, or replay once it has a recording", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(T + 100 * MINUTE - 1);
    expect(await room(student, 0, ids.soon)).toMatchObject({ status: 0 });
    at(T + 100 * MINUTE);
    expect(await room(student, 0, ids.soon)).toMatchObject({ status: 2, enterts: 0 });
    await fixtures(s.db).recording(schoolA, ids.soon);
    expect(await room(student, 0, ids.soon)).toMatchObject({ status: 1, enterts: 0 });
    at(T);
    expect(await room(teacher, 1, ids.recorded)).toMatchObject({ status: 1 });
    expect(await room(teacher, 1, ids.plain)).toMatchObject({ status: 2 });
    // Ended early (LiveState 2) before its planned end: over at once.
    expect(await room(teacher, 1, ids.endedEarly)).toMatchObject({ status: 2 });
  });

  it("never shows a voided live", async () => {
    for (const [cookie, usertype] of [[teacher, 1], [assistant, 2], [student, 0]] as const)
      expect((await rooms(cookie, usertype)).map((r) => r.live_id)).not.toContain(ids.voided);
  });

  it("holds only lives beginning in the range, by start time", async () => {
    const list = await rooms(teacher, 1, T + 30 * MINUTE, T + 50 * MINUTE);
    expect(list.map((r) => r.live_id)).toContain(ids.soon);
    expect(list.map((r) => r.live_id)).not.toContain(ids.recorded);
    const all = await rooms(teacher, 1);
    expect(all.map((r) => r.begin_time)).toEqual([...all.map((r) => r.begin_time)].sort());
  });
});

describe("whose lives", () => {
  it("gives a student the lives of enrolled courses and the lives they were added to, and no others", async () => {
    const seen = (await rooms(student, 0, T - DAY, T + DAY)).map((r) => r.live_id);
    expect(seen).toEqual(expect.arrayContaining([ids.soon, ids.recorded, ids.guest]));
    for (const hidden of [ids.notGuest, ids.other, ids.foreign, ids.voided]) expect(seen).not.toContain(hidden);
  });

  it("gives teachers and assistants the lives they staff, and no others", async () => {
    for (const [cookie, usertype] of [[teacher, 1], [assistant, 2]] as const) {
      const seen = (await rooms(cookie, usertype)).map((r) => r.live_id);
      expect(seen).toContain(ids.soon);
      for (const hidden of [ids.guest, ids.other, ids.foreign]) expect(seen).not.toContain(hidden);
    }
  });

  it("marks the days that hold one of the person's lives", async () => {
    const { body } = await call(s.app, student, portalApi.liveDates, { usertype: 0, start: day(T - 4 * DAY), end: day(T + DAY) });
    expect(body.code).toBe(0);
    const { livedate } = body.data as { livedate: string[] };
    expect(livedate).toContain(day(T + 40 * MINUTE));
    expect(livedate).toEqual([...new Set(livedate)].sort());
    const teacherDays = (await call(s.app, teacher, portalApi.liveDates, { usertype: 1, start: day(T - 4 * DAY), end: day(T - 2 * DAY) })).body.data as { livedate: string[] };
    expect(teacherDays.livedate).toContain(day(T - 3 * DAY));
  });

  it("refuses a user type other than the identity's, an admin, and a visitor", async () => {
    const q = { usertype: 0, start: day(T), end: day(T) };
    expect((await call(s.app, teacher, portalApi.lives, q)).body).toMatchObject({ code: 403, msg: "用户类型与当前身份不符" });
    expect((await call(s.app, admin, portalApi.lives, q)).body).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect((await call(s.app, "", portalApi.lives, q)).body.code).toBe(401);
  });

  it("refuses a reversed or too wide range, and a malformed date", async () => {
    expect((await call(s.app, student, portalApi.lives, { usertype: 0, start: day(T), end: day(T - DAY) })).body).toMatchObject({ code: 400, msg: "结束时间要大于开始时间" });
    expect((await call(s.app, student, portalApi.lives, { usertype: 0, start: day(T), end: day(T + 100 * DAY) })).body).toMatchObject({ code: 400, msg: "查询时间范围不能超过92天" });
    expect((await call(s.app, student, portalApi.lives, { usertype: 0, start: "2024-02-30", end: "2024-03-01" })).body).toMatchObject({ code: 400, msg: "开始时间格式不正确" });
    expect((await call(s.app, student, portalApi.lives, { usertype: 0, start: "昨天", end: "2024-03-01" })).body).toMatchObject({ code: 400, msg: "开始时间格式不正确" });
  });
});

describe("my courses", () => {
  const classes = async (cookie: string, user_type: number, time_out: number) => {
    const { body } = await call(s.app, cookie, portalApi.classes, { user_type, time_out });
    expect(body.code, body.msg).toBe(0);
    return (body.data as { classes: PortalClass[] }).classes;
  };

  it("splits a student's courses into in progress and ended, with lives over of the lives seen", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(T);
    const going = await classes(student, 0, 0);
    const course = going.find((c) => c.class_id === ids.course);
    // Seen: soon, recorded, plain, endedEarly (voided is not); over: recorded, plain, endedEarly.
    expect(course).toEqual({ class_id: ids.course, class_name: "门户状态课", group_id: schoolA, end: 3, total: 4 });
    // A course reached through one added live counts that live only.
    expect(going.find((c) => c.class_id === ids.guestCourse)).toMatchObject({ end: 0, total: 1 });
    expect(going.map((c) => c.class_id)).not.toContain(ids.otherCourse);
    const ended = await classes(student, 0, 1);
    expect(ended.map((c) => c.class_id)).toContain(ids.invalid);
    expect(ended.find((c) => c.class_id === ids.invalid)).toMatchObject({ end: 0, total: 0 });
    expect(ended.map((c) => c.class_id)).not.toContain(ids.course);
  });

  it("gives a teacher the courses of the lives they staff", async () => {
    expect((await classes(teacher, 1, 0)).map((c) => c.class_id)).toContain(ids.course);
    const ended = (await classes(teacher, 1, 1)).map((c) => c.class_id);
    expect(ended).toContain(ids.expired);
    expect(ended).not.toContain(ids.invalid);
  });

  it("lists a course's rooms for its people only, in its own organisation only", async () => {
    const list = await call(s.app, student, portalApi.classRooms, { group_id: schoolA, class: ids.course, user_type: 0 });
    expect(list.body.code).toBe(0);
    expect((list.body.data as PortalRoom[]).map((r) => r.live_id)).toEqual([ids.recorded, ids.plain, ids.endedEarly, ids.soon]);
    const guest = await call(s.app, student, portalApi.classRooms, { group_id: schoolA, class: ids.guestCourse, user_type: 0 });
    expect((guest.body.data as PortalRoom[]).map((r) => r.live_id)).toEqual([ids.guest]);
    expect((await call(s.app, student, portalApi.classRooms, { group_id: schoolA, class: ids.otherCourse, user_type: 0 })).body).toMatchObject({ code: 404, msg: "课程不存在" });
    expect((await call(s.app, student, portalApi.classRooms, { group_id: schoolA, class: ids.foreignCourse, user_type: 0 })).body).toMatchObject({ code: 404, msg: "课程不存在" });
    expect((await call(s.app, student, portalApi.classRooms, { group_id: schoolB, class: ids.foreignCourse, user_type: 0 })).body).toMatchObject({ code: 403 });
    expect((await call(s.app, student, portalApi.classRooms, { group_id: schoolA, class: ids.course, user_type: 1 })).body).toMatchObject({ code: 403 });
  });
});
