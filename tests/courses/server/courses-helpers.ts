import type { FastifyInstance } from "fastify";
import type { CourseRecord } from "../../../resources/courses/course";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import type { Db } from "../../../server/db/database";
import { formatDateTime } from "../../../server/services/datetime";
import { call } from "../../users/server/users-helpers";

export const DAY = 86_400_000;

/** 'YYYY-MM-DD HH:mm:ss' this many days from now. */
export const daysFromNow = (days: number) => formatDateTime(Date.now() + days * DAY);

/** An organisation's students as the database holds them, in the order they were made. */
export const studentsOf = (db: Db, orgId: number) =>
  db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "p.mobile"])
    .where("i.org_id", "=", orgId)
    .where("i.role", "=", "student")
    .orderBy("i.id")
    .execute();

/** A course row as the list answers it. */
export type CourseRow = CourseRecord;

/** `call` bound to one app and cookie, answering the body. */
export const caller = (app: FastifyInstance) => async (cookie: string, endpoint: Endpoint, params: Record<string, unknown> = {}) =>
  (await call(app, cookie, endpoint, params)).body as { code: number; msg: string; data: unknown; count?: number; totalCount?: number };

/** Every row of a paged list. */
export async function everyPage<T>(fetch: (page: number) => Promise<{ data: unknown; count?: number; totalCount?: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const body = await fetch(page);
    const data = body.data as T[];
    rows.push(...data);
    if (data.length === 0 || rows.length >= (body.count ?? body.totalCount ?? 0)) return rows;
  }
}
