import type { Page } from "playwright-core";
import { inject } from "vitest";
import { liveApi, validatorApi } from "../../resources/live-api";
import { openDb, type Db } from "../../server/db/database";
import { formatDateTime } from "../../server/services/datetime";

/**
 * Lives for the room paths, made as an admin makes them: the course and its student through the
 * course API, the live through POST /cms/live and its share link and whitelist through the live
 * calls when the server answers them. Until those land (issue 10's live screens), the live and its
 * verification are written into the server's database as those calls would write them.
 */

const MINUTE = 60_000;

type Envelope<T> = { code: number; msg: string; data: T };

async function send<T>(page: Page, method: "GET" | "POST", path: string, payload?: Record<string, unknown>): Promise<T> {
  const response = method === "GET" ? await page.request.get(path, { params: payload as Record<string, string> }) : await page.request.post(path, { data: payload });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body.data;
}

let served: Set<string> | null = null;
/** Whether the server serves a call (its OpenAPI document lists it). */
async function serves(page: Page, method: string, path: string): Promise<boolean> {
  served ??= new Set(
    Object.entries(((await (await page.request.get("/api/docs/json")).json()) as { paths: Record<string, object> }).paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
  );
  return served.has(`${method} ${path}`);
}

let db: Db | null = null;
const database = () => (db ??= openDb({ databaseUrl: inject("databaseUrl") || null, dataDir: inject("dataDir"), poolSize: 2, readers: 0 }));
export const closeRoomDb = async () => {
  await db?.close();
  db = null;
};

export interface FreshLive {
  liveId: number;
  orgId: number;
  courseId: number;
}

/**
 * A live of the demo teacher 李老师 with the demo student 赵同学 in its course, begun a minute ago
 * and lasting an hour; `courseType` is also its live type (0 small class, 1 large class).
 */
export async function freshLive(admin: Page, title: string, courseType: 0 | 1): Promise<FreshLive> {
  const orgId = (await send<{ group: { id: number } }>(admin, "GET", "/api/v1/user-info")).group.id;
  const course = await send<{ Id: number }>(admin, "POST", "/cms/course", { type: courseType, title, detail: "", expire: formatDateTime(Date.now() + 30 * 86_400_000), headimg: "" });
  const [student] = await send<{ Id: number }[]>(admin, "GET", "/cms/studentsearch", { key: "13800000003", page: "1", count: "1" });
  const [teacher] = await send<{ Id: number; Name: string }[]>(admin, "GET", "/cms/teachersearch", { key: "13800000001", page: "1", count: "1" });
  await send(admin, "POST", "/cms/studentcourse", { userid: student.Id, courseid: course.Id });
  const begin = Date.now() - MINUTE;
  const end = Date.now() + 60 * MINUTE;
  if (await serves(admin, liveApi.create.method, liveApi.create.path)) {
    const live = await send<{ Id: number }>(admin, "POST", liveApi.create.path, {
      courseid: course.Id,
      title,
      begintime: formatDateTime(begin),
      endtime: formatDateTime(end),
      teachers: JSON.stringify([{ account: teacher.Id, name: teacher.Name }]),
      assistants: "[]",
      detail: "",
      masterid: 0,
      subClassName: "",
      config: "{}",
      emulateid: 0,
    });
    return { liveId: live.Id, orgId, courseId: course.Id };
  }
  const k = database().kysely;
  const now = Date.now();
  const live = await k
    .insertInto("lives")
    .values({ org_id: orgId, course_id: course.Id, title, begin_time: begin, end_time: end, status: 1, scale: courseType, voided: 0, detail: "", master_id: 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await k.insertInto("live_staff").values({ live_id: live.id, identity_id: teacher.Id, role: "teacher", position: 0 }).execute();
  return { liveId: live.id, orgId, courseId: course.Id };
}

/** The live's share guid with whitelist verification and one entry, as the live's share and verification calls set them. */
export async function shareWithWhitelist(admin: Page, live: FreshLive, username: string, password: string): Promise<string> {
  if (await serves(admin, liveApi.shareGuid.method, liveApi.shareGuid.path)) {
    const { guid } = await send<{ guid: string }>(admin, "GET", liveApi.shareGuid.path, { liveid: String(live.liveId) });
    const { token } = await send<{ token: string }>(admin, "GET", liveApi.validatorToken.path, { liveid: String(live.liveId) });
    const q = `roomid=${live.liveId}&token=${encodeURIComponent(token)}`;
    await send(admin, "POST", `/live-validator${validatorApi.save.path}?${q}`, { check: 2, password: "", logo_url: "", poster: "", desc: "", extra: { isRecord: 1, data: [] } });
    await send(admin, "POST", `/live-validator${validatorApi.whitelistAdd.path}?${q}`, { username, password });
    return guid;
  }
  const k = database().kysely;
  const guid = `e2e${live.liveId}${Date.now().toString(36)}`;
  await k.updateTable("lives").set({ share_guid: guid }).where("id", "=", live.liveId).execute();
  await k.insertInto("live_validators").values({ live_id: live.liveId, org_id: live.orgId, check_type: 2, extra: JSON.stringify({ isRecord: 1, data: [] }), updated_at: Date.now() }).execute();
  await k.insertInto("live_whitelist").values({ org_id: live.orgId, live_id: live.liveId, username, password, created_at: Date.now() }).execute();
  return guid;
}

