import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  RECORDED_COURSE_TYPE,
  statsApi,
  todayLiveScales,
  type CourseLiveCounts,
  type TodayConsume,
  type TodayLiveCounts,
  type UserCounts,
  type UvPv,
} from "../../../resources/stats";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { addDays, localDay, needRange, startOfDay, type RangeQuery } from "../../services/stat-range";
import { route } from "../../engine/route";
import { adminScope, guardOf } from "./access";

const tags = ["stats"];
const n = (v: unknown) => Number(v ?? 0);

/** The figure cards of the home dashboard (1 §2.3, §3). */
export default function homeRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, statsApi.courseLive, { guard: guardOf("courseLive"), summary: "Course overview: {course, live, vod} counts", tags }, async (request) => {
    const scope = adminScope(request, db);
    const courses = await scope
      .selectFrom("courses")
      .select([sql<number>`sum(case when type = ${RECORDED_COURSE_TYPE} then 0 else 1 end)`.as("course"), sql<number>`sum(case when type = ${RECORDED_COURSE_TYPE} then 1 else 0 end)`.as("vod")])
      .executeTakeFirst();
    const lives = await scope
      .selectFrom("lives as l")
      .innerJoin("courses as c", "c.id", "l.course_id")
      .select((eb) => eb.fn.countAll<number>().as("live"))
      .where("l.voided", "=", 0)
      .where("c.type", "!=", RECORDED_COURSE_TYPE)
      .executeTakeFirst();
    const data: CourseLiveCounts = { course: n(courses?.course), live: n(lives?.live), vod: n(courses?.vod) };
    return ok(data);
  });

  route(app, statsApi.todayLive, { guard: guardOf("todayLive"), summary: "Today's lives: {total, used (begun), big, samll, ass (dual-teacher)}", tags }, async (request) => {
    const today = startOfDay(Date.now());
    const among = (scales: readonly number[]) => sql<number>`sum(case when l.scale in (${sql.join(scales.map((s) => sql.lit(s)))}) then 1 else 0 end)`;
    const row = await adminScope(request, db)
      .selectFrom("lives as l")
      .innerJoin("courses as c", "c.id", "l.course_id")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        sql<number>`sum(case when l.status <> 0 then 1 else 0 end)`.as("used"),
        among(todayLiveScales.big).as("big"),
        among(todayLiveScales.samll).as("samll"),
        among(todayLiveScales.ass).as("ass"),
      ])
      .where("l.voided", "=", 0)
      .where("c.type", "!=", RECORDED_COURSE_TYPE)
      .where("l.begin_time", ">=", today)
      .where("l.begin_time", "<", addDays(today, 1))
      .executeTakeFirst();
    const data: TodayLiveCounts = { total: n(row?.total), used: n(row?.used), big: n(row?.big), samll: n(row?.samll), ass: n(row?.ass) };
    return ok(data);
  });

  route(app, statsApi.users, { guard: guardOf("users"), summary: "People of the organisation: {assistant, student, teacher}, from the kept counts", tags }, async (request) => {
    // The counts the identity triggers keep (migration 0005), not a count over every person.
    const rows = await adminScope(request, db)
      .selectFrom("identity_counts")
      .select(["role", "n"])
      .where("role", "in", ["assistant", "student", "teacher"])
      .execute();
    const count = (role: string) => n(rows.find((r) => r.role === role)?.n);
    const data: UserCounts = { assistant: count("assistant"), student: count("student"), teacher: count("teacher") };
    return ok(data);
  });

  route(app, statsApi.uvpv, { guard: guardOf("uvpv"), query: "uvpv.query", summary: "Visitors and views {uv, pv, vod_uv, vod_pv}: today, or summed over the days of {begindate, enddate}", tags }, async (request) => {
    const q = request.query as RangeQuery;
    const today = localDay(Date.now());
    const { firstDay, lastDay } = q.begindate || q.enddate ? needRange(q) : { firstDay: today, lastDay: today };
    const row = await adminScope(request, db)
      .selectFrom("page_views")
      .select((eb) => [eb.fn.sum<number>("uv").as("uv"), eb.fn.sum<number>("pv").as("pv"), eb.fn.sum<number>("vod_uv").as("vod_uv"), eb.fn.sum<number>("vod_pv").as("vod_pv")])
      .where("day", ">=", firstDay)
      .where("day", "<=", lastDay)
      .executeTakeFirst();
    const data: UvPv = { uv: n(row?.uv), pv: n(row?.pv), vod_uv: n(row?.vod_uv), vod_pv: n(row?.vod_pv) };
    return ok(data);
  });

  route(app, statsApi.todayConsume, { guard: guardOf("todayConsume"), summary: "Today's cost so far in yuan: {live, replay, sms, voicesms}", tags }, async (request) => {
    const wanted = ["live", "replay", "sms", "voicesms"] as const;
    const rows = await adminScope(request, db)
      .selectFrom("daily_consumption")
      .select(["type", "cost_milli"])
      .where("day", "=", localDay(Date.now()))
      .where("type", "in", wanted)
      .execute();
    const yuan = (type: string) => n(rows.find((r) => r.type === type)?.cost_milli) / 1000;
    const data: TodayConsume = { live: yuan("live"), replay: yuan("replay"), sms: yuan("sms"), voicesms: yuan("voicesms") };
    return ok(data);
  });
}
