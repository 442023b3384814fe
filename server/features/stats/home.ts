import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import {
  RECORDED_COURSE_TYPE,
  todayLiveScales,
  type CourseLiveCounts,
  type TodayConsume,
  type TodayLiveCounts,
  type UserCounts,
  type UvPv,
} from "../../../resources/stats/stats";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { addDays, localDay, needRange, startOfDay, type RangeQuery } from "../../services/stat-range";

const n = (v: unknown) => Number(v ?? 0);

/** The figure cards of the home dashboard (1 §2.3, §3), each read for the session's organisation alone. */
export const homeHandlers = ({ db }: FeatureCtx) => ({
  courseLive: async (request: FastifyRequest) => {
    const scope = orgScope(request, db);
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
  },

  todayLive: async (request: FastifyRequest) => {
    const today = startOfDay(Date.now());
    const among = (scales: readonly number[]) => sql<number>`sum(case when l.scale in (${sql.join(scales.map((s) => sql.lit(s)))}) then 1 else 0 end)`;
    const row = await orgScope(request, db)
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
  },

  users: async (request: FastifyRequest) => {
    // The counts the identity triggers keep (migration 0005), not a count over every person.
    const rows = await orgScope(request, db)
      .selectFrom("identity_counts")
      .select(["role", "n"])
      .where("role", "in", ["assistant", "student", "teacher"])
      .execute();
    const count = (role: string) => n(rows.find((r) => r.role === role)?.n);
    const data: UserCounts = { assistant: count("assistant"), student: count("student"), teacher: count("teacher") };
    return ok(data);
  },

  uvpv: async (request: FastifyRequest) => {
    const q = request.query as RangeQuery;
    const today = localDay(Date.now());
    const { firstDay, lastDay } = q.begindate || q.enddate ? needRange(q) : { firstDay: today, lastDay: today };
    const row = await orgScope(request, db)
      .selectFrom("page_views")
      .select((eb) => [eb.fn.sum<number>("uv").as("uv"), eb.fn.sum<number>("pv").as("pv"), eb.fn.sum<number>("vod_uv").as("vod_uv"), eb.fn.sum<number>("vod_pv").as("vod_pv")])
      .where("day", ">=", firstDay)
      .where("day", "<=", lastDay)
      .executeTakeFirst();
    const data: UvPv = { uv: n(row?.uv), pv: n(row?.pv), vod_uv: n(row?.vod_uv), vod_pv: n(row?.vod_pv) };
    return ok(data);
  },

  todayConsume: async (request: FastifyRequest) => {
    const wanted = ["live", "replay", "sms", "voicesms"] as const;
    const rows = await orgScope(request, db)
      .selectFrom("daily_consumption")
      .select(["type", "cost_milli"])
      .where("day", "=", localDay(Date.now()))
      .where("type", "in", wanted)
      .execute();
    const yuan = (type: string) => n(rows.find((r) => r.type === type)?.cost_milli) / 1000;
    const data: TodayConsume = { live: yuan("live"), replay: yuan("replay"), sms: yuan("sms"), voicesms: yuan("voicesms") };
    return ok(data);
  },
});
