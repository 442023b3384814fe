import type { FastifyRequest } from "fastify";
import { recordedCourseType } from "../../resources/vod/vod-course";
import type { Db } from "../db/database";
import type { Handler } from "../engine/calls";
import { orgScope } from "../engine/org-scope";
import { fail } from "../plugins/envelope";
import { needIdentity } from "../plugins/session";
import { menuKeysOf } from "./menu";

/**
 * The recorded courses' screens (3 §2.1, /vodcourseop and /vodop) use the course and live calls, so
 * those calls admit the recorded keys beside their own. A sub-admin admitted by a recorded key
 * alone reaches recorded courses (type 200) and their sessions only: its lists are narrowed to them,
 * and a call naming another course or live is refused as any call outside one's keys is.
 */
export function onlyRecorded(request: FastifyRequest, ownKeys: readonly string[]): boolean {
  const { identity } = needIdentity(request, "admin");
  if (identity.role === "admin") return false;
  const held = menuKeysOf(identity);
  return !ownKeys.some((key) => held.has(key));
}

/** Where a call names the course or live it acts on: the parameter of its query or body. */
export type RecordedTarget =
  | { narrow: "type" }
  | { course: string | readonly string[]; from?: "query" | "body" }
  | { live: string | readonly string[]; from?: "query" | "body" }
  | { bodyType: string };

function targetId(request: FastifyRequest, names: string | readonly string[], from: "query" | "body" | undefined): number | null {
  const source = (from === "body" ? request.body : from === "query" ? request.query : { ...(request.query as object), ...(request.body as object) }) as Record<string, unknown> | null;
  for (const name of typeof names === "string" ? [names] : names) {
    const value = Number(source?.[name]);
    if (Number.isInteger(value) && value > 0) return value;
  }
  return null;
}

async function isRecorded(db: Db, request: FastifyRequest, target: Exclude<RecordedTarget, { narrow: "type" }>): Promise<boolean> {
  if ("bodyType" in target) return Number((request.body as Record<string, unknown> | null)?.[target.bodyType]) === recordedCourseType;
  const scope = orgScope(request, db);
  if ("course" in target) {
    const id = targetId(request, target.course, target.from);
    if (id === null) return true; // the schema or the handler refuses a missing id
    const course = await scope.selectFrom("courses").select("type").where("id", "=", id).executeTakeFirst();
    return !course || course.type === recordedCourseType;
  }
  const id = targetId(request, target.live, target.from);
  if (id === null) return true;
  const live = await scope.selectFrom("lives as l").innerJoin("courses as c", "c.id", "l.course_id").select("c.type").where("l.id", "=", id).executeTakeFirst();
  return !live || live.type === recordedCourseType;
}

/**
 * The handlers named in `targets`, narrowed for a caller admitted by a recorded key alone (`ownKeys`
 * being the calls' own keys): a list gets `type` 200, a call on a course or live of another type
 * (or adding a course of another type) is 403. A course or live that is not there is left to the handler (记录不存在).
 */
export function narrowToRecorded<H extends Record<string, Handler>>(db: Db, ownKeys: readonly string[], handlers: H, targets: Partial<Record<keyof H, RecordedTarget>>): H {
  const out = { ...handlers };
  for (const [name, target] of Object.entries(targets) as [keyof H, RecordedTarget][]) {
    const handler = handlers[name];
    out[name] = (async (request, reply) => {
      if (onlyRecorded(request, ownKeys)) {
        if ("narrow" in target) (request.query as Record<string, unknown>).type = recordedCourseType;
        else if (!(await isRecorded(db, request, target))) throw fail.forbidden();
      }
      return handler(request, reply);
    }) as H[keyof H];
  }
  return out;
}
