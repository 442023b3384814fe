import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subadmin } from "../../../resources";
import { userStatApi } from "../../../resources/users/user-stats";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { formatDateTime } from "../../../server/services/datetime";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { caller, everyPage } from "../../courses/server/courses-helpers";
import { call, mobileSupply } from "./users-helpers";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * The detail statistics against what the seed stored. The expectations are worked out here in
 * plain code from the raw rows (every live, staff row, enrolment and attendance row of the
 * organisation), not with the server's SQL.
 */
let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let orgId: number;
let raw: Awaited<ReturnType<typeof loadRaw>>;

async function loadRaw() {
  const k = s.db.kysely;
  const lives = await k.selectFrom("lives").selectAll().where("org_id", "=", orgId).execute();
  const ids = lives.map((l) => l.id);
  const [staff, enrolments, attendance, courses] = await Promise.all([
    k.selectFrom("live_staff").selectAll().where("live_id", "in", ids).execute(),
    k.selectFrom("course_students as cs").innerJoin("courses as c", "c.id", "cs.course_id").select(["cs.course_id", "cs.identity_id"]).where("c.org_id", "=", orgId).execute(),
    k.selectFrom("attendance").selectAll().where("live_id", "in", ids).execute(),
    k.selectFrom("courses").select(["id", "title"]).where("org_id", "=", orgId).execute(),
  ]);
  return { lives, staff, enrolments, attendance, courses };
}

const identityOf = async (mobile: string, role: string, org = orgId) =>
  (await s.db.kysely
    .selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select("i.id")
    .where("p.mobile", "=", mobile).where("i.role", "=", role as never).where("i.org_id", "=", org)
    .executeTakeFirstOrThrow()).id;

/** What the detail pages should say about one person, from the raw rows. */
function expected(identityId: number, kind: "staff" | "student") {
  const held = raw.lives.filter((l) => !l.voided);
  const attended = raw.attendance.filter((a) => a.identity_id === identityId);
  const enrolledCourses = new Set(raw.enrolments.filter((e) => e.identity_id === identityId).map((e) => e.course_id));
  const mine =
    kind === "staff"
      ? held.filter((l) => raw.staff.some((st) => st.live_id === l.id && st.identity_id === identityId))
      : held.filter((l) => enrolledCourses.has(l.course_id) || attended.some((a) => a.live_id === l.id));
  const courseIds = new Set([...mine.map((l) => l.course_id), ...(kind === "student" ? enrolledCourses : [])]);
  const done = (courseId: number) => {
    const its = held.filter((l) => l.course_id === courseId);
    return its.length > 0 && its.every((l) => l.status === 2);
  };
  // Each done live has one state: that of the live listening, or absent without one.
  const stateOf = (liveId: number) => attended.find((a) => a.live_id === liveId && a.play_type === 1)?.check_state ?? "undo";
  const count = (state: string) => mine.filter((l) => l.status === 2 && stateOf(l.id) === state).length;
  const rows = mine.map((l) => {
    const live = attended.find((a) => a.live_id === l.id && a.play_type === 1)?.online_seconds ?? 0;
    const replay = attended.find((a) => a.live_id === l.id && a.play_type === 2)?.online_seconds ?? 0;
    const byReplay = live === 0 && replay > 0;
    const base = { liveid: l.id, title: l.title, coursetitle: raw.courses.find((c) => c.id === l.course_id)!.title, begintime: formatDateTime(l.begin_time), endtime: formatDateTime(l.end_time), status: l.status, scale: l.scale };
    return { ...base, playtype: byReplay ? 2 : 1, online: byReplay ? replay : live };
  });
  rows.sort((a, b) => b.begintime.localeCompare(a.begintime) || b.liveid - a.liveid);
  return {
    courses: { courseDo: [...courseIds].filter(done).length, courseTotal: courseIds.size },
    lives: { liveDo: mine.filter((l) => l.status === 2).length, liveTotal: mine.length },
    checks: { "check-do": count("do"), "check-late": count("late"), "check-leaveearly": count("leaveearly"), "check-undo": count("undo") },
    rows,
  };
}

type LiveRow = ReturnType<typeof expected>["rows"][number];

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  orgId = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
  raw = await loadRaw();
});
afterAll(() => s.close());

const pages = (endpoint: Endpoint, params: Record<string, unknown>, cookie = admin) =>
  everyPage<LiveRow>((page) => api(cookie, endpoint, { ...params, page, count: 7 }));

describe("teacher detail (/teacherInfo)", () => {
  it("counts the demo teacher's courses, lives and attendance as stored", async () => {
    const id = await identityOf("13800000001", "teacher");
    const want = expected(id, "staff");
    const body = await api(admin, userStatApi.teacherCourseLive, { userid: id });
    expect(body.data).toEqual({ ...want.courses, ...want.lives, ...want.checks });
    // The demo is meant to be worth looking at: some of everything.
    expect(want.lives.liveDo).toBeGreaterThan(0);
    expect(want.lives.liveTotal).toBeGreaterThan(want.lives.liveDo);
    expect(want.courses.courseDo).toBeGreaterThan(0);
    expect(want.checks["check-late"] * want.checks["check-leaveearly"]).toBeGreaterThan(0);
  });

  it("lists the teacher's lives, newest first, with totalCount", async () => {
    const id = await identityOf("13800000001", "teacher");
    const want = expected(id, "staff").rows;
    const first = await api(admin, userStatApi.teacherLives, { userid: id, page: 1, count: 7 });
    expect(first.totalCount).toBe(want.length);
    expect(await pages(userStatApi.teacherLives, { userid: id })).toEqual(want);
    expect(new Set(want.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
    const voided = new Set(raw.lives.filter((l) => l.voided).map((l) => l.id));
    expect(want.some((r) => voided.has(r.liveid))).toBe(false);
  });

  it("filters by title, status and a date range", async () => {
    const id = await identityOf("13800000001", "teacher");
    const want = expected(id, "staff").rows;
    const search = (params: Record<string, unknown>) => pages(userStatApi.teacherLivesSearch, { userid: id, ...params });
    for (const status of [0, 1, 2]) expect(await search({ status }), `status ${status}`).toEqual(want.filter((r) => r.status === status));
    expect(await search({ status: -1 })).toEqual(want);
    expect(await search({ title: "函数" })).toEqual(want.filter((r) => r.title.includes("函数")));
    const today = formatDateTime(Date.now()).slice(0, 10);
    const todays = await search({ begintime: `${today} 00:00:00`, endtime: `${today} 23:59:59` });
    expect(todays).toEqual(want.filter((r) => r.begintime.startsWith(today)));
    expect(todays.length).toBeGreaterThan(0);
    expect(await search({ begintime: today, endtime: today })).toEqual(todays);
    expect(await search({ title: "函数", status: 2, endtime: `${today} 23:59:59` })).toEqual(
      want.filter((r) => r.title.includes("函数") && r.status === 2 && r.begintime.slice(0, 10) <= today),
    );
    expect((await api(admin, userStatApi.teacherLivesSearch, { userid: id, status: 3 })).msg).toBe("直播状态不正确");
    expect((await api(admin, userStatApi.teacherLivesSearch, { userid: id, begintime: "2026-02-30" })).msg).toBe("开始时间格式不正确");
  });

  it("gives the header's nickname, avatar and mobile", async () => {
    const id = await identityOf("13800000001", "teacher");
    expect((await api(admin, userStatApi.userInfo, { userid: id })).data).toMatchObject({ nickname: "李老师", mobile: "13800000001", headimg: "" });
  });
});

describe("student detail (/studentInfo?mobile)", () => {
  it("counts the demo student's lives, attendance and courses as stored", async () => {
    const id = await identityOf("13800000003", "student");
    const want = expected(id, "student");
    expect((await api(admin, userStatApi.studentLive, { mobile: "13800000003" })).data).toEqual(want.lives);
    expect((await api(admin, userStatApi.studentCheck, { mobile: "13800000003" })).data).toEqual(want.checks);
    expect((await api(admin, userStatApi.studentCourse, { mobile: "13800000003" })).data).toEqual(want.courses);
    for (const n of Object.values(want.checks)) expect(n).toBeGreaterThan(0);
    expect(want.courses.courseTotal).toBeGreaterThan(want.courses.courseDo);
  });

  it("lists the student's lives, live and replay, and filters them", async () => {
    const id = await identityOf("13800000003", "student");
    const want = expected(id, "student").rows;
    expect(await pages(userStatApi.studentLives, { mobile: "13800000003" })).toEqual(want);
    expect(want.some((r) => r.playtype === 2)).toBe(true);
    expect(want.some((r) => r.playtype === 1 && r.status === 2 && r.online === 0)).toBe(true);
    const search = (params: Record<string, unknown>) => pages(userStatApi.studentLivesSearch, { mobile: "13800000003", ...params });
    expect(await search({ status: 2, title: "英语" })).toEqual(want.filter((r) => r.status === 2 && r.title.includes("英语")));
    expect(await search({ begintime: "2000-01-01", endtime: "2000-12-31" })).toEqual([]);
  });

  it("counts every seeded student the same way", async () => {
    const mobiles = await s.db.kysely
      .selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select(["i.id", "p.mobile"])
      .where("i.org_id", "=", orgId).where("i.role", "=", "student").orderBy("i.id").limit(8).execute();
    for (const { id, mobile } of mobiles) {
      const want = expected(id, "student");
      expect((await api(admin, userStatApi.studentLive, { mobile })).data, mobile).toEqual(want.lives);
      expect((await api(admin, userStatApi.studentCheck, { mobile })).data, mobile).toEqual(want.checks);
      expect((await api(admin, userStatApi.studentCourse, { mobile })).data, mobile).toEqual(want.courses);
      expect((await api(admin, userStatApi.studentLives, { mobile, page: 1, count: 5 })).totalCount, mobile).toBe(want.rows.length);
    }
  });

  it("gives the header by mobile", async () => {
    expect((await api(admin, userStatApi.userInfo, { mobile: "13800000003" })).data).toMatchObject({ nickname: "赵同学", mobile: "13800000003" });
    expect((await api(admin, userStatApi.userInfo, {})).msg).toBe("请指定用户");
  });
});

describe("the numbers of a detail page agree (issue 8, finding 21)", () => {
  /** What a page shows, from the calls it makes. */
  async function page(kind: "teacher" | "student", params: Record<string, unknown>) {
    const stats =
      kind === "teacher"
        ? ((await api(admin, userStatApi.teacherCourseLive, params)).data as Record<string, number>)
        : {
            ...((await api(admin, userStatApi.studentCourse, params)).data as Record<string, number>),
            ...((await api(admin, userStatApi.studentLive, params)).data as Record<string, number>),
            ...((await api(admin, userStatApi.studentCheck, params)).data as Record<string, number>),
          };
    const endpoint = kind === "teacher" ? userStatApi.teacherLives : userStatApi.studentLives;
    const heading = (await api(admin, endpoint, { ...params, page: 1, count: 5 })).totalCount as number;
    return { stats, heading };
  }

  function expectAgreement({ stats, heading }: Awaited<ReturnType<typeof page>>, who: string) {
    expect(stats.liveDo, who).toBeLessThanOrEqual(stats.liveTotal);
    expect(stats.courseDo, who).toBeLessThanOrEqual(stats.courseTotal);
    expect(stats["check-do"] + stats["check-late"] + stats["check-leaveearly"] + stats["check-undo"], who).toBe(stats.liveDo);
    // 直播数量 counts the lives 参与直播 / 授课直播 counts, a replay no second time.
    expect(heading, who).toBe(stats.liveTotal);
  }

  it("for the demo teacher and student: attendance adds up to the done lives, the live count to the lives", async () => {
    expectAgreement(await page("teacher", { userid: await identityOf("13800000001", "teacher") }), "13800000001");
    expectAgreement(await page("student", { mobile: "13800000003" }), "13800000003");
  });

  it("for every teacher and student of the demo", async () => {
    const people = await s.db.kysely
      .selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select(["i.id", "i.role", "p.mobile"])
      .where("i.org_id", "=", orgId).where("i.role", "in", ["teacher", "student"]).execute();
    for (const who of people)
      expectAgreement(who.role === "teacher" ? await page("teacher", { userid: who.id }) : await page("student", { mobile: who.mobile }), who.mobile);
  });

  it("lists a live watched both live and by replay once, as live; one watched only by replay as replay", async () => {
    const id = await identityOf("13800000003", "student");
    const rows = await pages(userStatApi.studentLives, { mobile: "13800000003" });
    const ways = (liveId: number) => raw.attendance.filter((a) => a.identity_id === id && a.live_id === liveId);
    const both = rows.find((r) => ways(r.liveid).length === 2 && ways(r.liveid).some((a) => a.play_type === 1 && a.online_seconds > 0));
    const replayOnly = rows.find((r) => ways(r.liveid).every((a) => a.play_type === 2 || a.online_seconds === 0) && ways(r.liveid).some((a) => a.play_type === 2));
    expect(new Set(rows.map((r) => r.liveid)).size).toBe(rows.length);
    expect(both ?? replayOnly, "the demo has a live watched both ways or by replay only").toBeDefined();
    if (both) expect(both).toMatchObject({ playtype: 1, online: ways(both.liveid).find((a) => a.play_type === 1)!.online_seconds });
    expect(replayOnly).toMatchObject({ playtype: 2, online: ways(replayOnly!.liveid).find((a) => a.play_type === 2)!.online_seconds });
  });
});

describe("tenancy and who may look", () => {
  it("answers 记录不存在 for someone of another role on the teacher page: a student, an assistant", async () => {
    const notFound = { code: 404, msg: "记录不存在" };
    for (const [mobile, role] of [["13800000003", "student"], ["13800000002", "assistant"]] as const) {
      const userid = await identityOf(mobile, role);
      for (const endpoint of [userStatApi.userInfo, userStatApi.teacherCourseLive, userStatApi.teacherLives, userStatApi.teacherLivesSearch])
        expect(await api(admin, endpoint, { userid, page: 1, count: 5 }), `${role} ${endpoint.path}`).toMatchObject(notFound);
    }
  });

  it("answers 记录不存在 for another organisation's people and for the wrong kind of person", async () => {
    const notFound = { code: 404, msg: "记录不存在" };
    const second = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "第二学校").executeTakeFirstOrThrow()).id;
    const theirTeacher = await identityOf("13800000009", "teacher", second);
    const ourStudent = await identityOf("13800000003", "student");
    expect(await api(admin, userStatApi.teacherCourseLive, { userid: theirTeacher })).toMatchObject(notFound);
    expect(await api(admin, userStatApi.teacherLives, { userid: theirTeacher })).toMatchObject(notFound);
    expect(await api(admin, userStatApi.userInfo, { userid: theirTeacher })).toMatchObject(notFound);
    expect(await api(admin, userStatApi.teacherCourseLive, { userid: ourStudent })).toMatchObject(notFound);
    expect(await api(admin, userStatApi.studentLive, { mobile: "13750000001" })).toMatchObject(notFound);
    expect(await api(admin, userStatApi.studentLive, { mobile: "13800000001" })).toMatchObject(notFound);

    const secondAdmin = await signIn(s.app, "13900000000", "admin");
    const stats = (await api(secondAdmin, userStatApi.teacherCourseLive, { userid: theirTeacher })).data as { liveTotal: number };
    expect(stats.liveTotal).toBeGreaterThan(0);
    expect(await api(secondAdmin, userStatApi.studentLive, { mobile: "13800000003" })).toMatchObject(notFound);
  });

  it("follows the menu keys: teacherop for teacher pages, studentop for student pages, assistantop for none", async () => {
    const teacherId = await identityOf("13800000001", "teacher");
    const assistantId = await identityOf("13800000002", "assistant");
    const status = async (cookie: string, endpoint: Endpoint, params: Record<string, unknown>) => (await call(s.app, cookie, endpoint, params)).status;
    expect(await status("", userStatApi.teacherCourseLive, { userid: teacherId })).toBe(401);
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000003", "student"]] as const) {
      const cookie = await signIn(s.app, mobile, type);
      for (const e of Object.values(userStatApi)) expect(await status(cookie, e, { userid: teacherId, mobile: "13800000003" }), e.path).toBe(403);
    }
    // 13800000004 holds the user-management menus: everything.
    const manager = await signIn(s.app, "13800000004", "admin");
    expect((await api(manager, userStatApi.teacherCourseLive, { userid: teacherId })).code).toBe(0);
    expect((await api(manager, userStatApi.studentCheck, { mobile: "13800000003" })).code).toBe(0);

    const only = (key: string, label: string) => JSON.stringify([{ label: "用户管理", subMenus: [{ label, path: key }] }]);
    const make = async (key: string, label: string) => {
      const mobile = freshMobile();
      const made = await api(admin, subadmin.api.create, { name: "统计", mobile, passwd: "abc123", userop: only(key, label) });
      expect(made.code).toBe(0);
      return signIn(s.app, mobile, "admin", "abc123");
    };
    const studentsOnly = await make("studentop", "学生管理");
    expect(await status(studentsOnly, userStatApi.teacherCourseLive, { userid: teacherId })).toBe(403);
    expect(await status(studentsOnly, userStatApi.teacherLives, { userid: teacherId })).toBe(403);
    expect((await api(studentsOnly, userStatApi.studentLive, { mobile: "13800000003" })).code).toBe(0);
    expect((await api(studentsOnly, userStatApi.userInfo, { mobile: "13800000003" })).code).toBe(0);
    expect(await status(studentsOnly, userStatApi.userInfo, { userid: teacherId })).toBe(403);

    // Assistants have no detail page: their menu opens none of these calls.
    const assistantsOnly = await make("assistantop", "助教管理");
    for (const e of Object.values(userStatApi)) expect(await status(assistantsOnly, e, { userid: assistantId, mobile: "13800000003" }), e.path).toBe(403);
  });
});

const freshMobile = mobileSupply("1993000");
