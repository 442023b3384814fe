import type { FrameLocator, Page } from "playwright-core";
import { liveApi, validatorApi } from "../../../resources/lives/live-api";
import { hostPrefixes } from "../../../server/config";
import { formatDateTime } from "../../../server/services/datetime";
import { demoAdmin, signInAs } from "../../kernel/e2e/browser";

/**
 * Lives for the room paths, made as an admin makes them, through the product's own calls: the
 * course and its student through the course API, the live through the live form's call, its share
 * link and whitelist through the live's share and verification calls.
 */

const MINUTE = 60_000;

type Envelope<T> = { code: number; msg: string; data: T };

async function send<T>(page: Page, method: "GET" | "POST", path: string, payload?: Record<string, unknown>): Promise<T> {
  const response = method === "GET" ? await page.request.get(path, { params: payload as Record<string, string> }) : await page.request.post(path, { data: payload });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body.data;
}

export interface FreshLive {
  liveId: number;
  orgId: number;
  courseId: number;
}

/** A live's chat review (2 §3 live config): every viewer's message held (`filterChatDefault`), or only those with a sensitive word. */
export const reviewAll = { openFilterChat: "1", filterChatDefault: "1" } as const;
export const reviewWords = { openFilterChat: "1", filterChatDefault: "0" } as const;

/**
 * A live of the demo teacher 李老师 with the demo student 赵同学 in its course, begun a minute ago
 * and lasting an hour; `courseType` is also its live type (0 small class, 1 large class); `config`
 * its switches as the live form saves them (e.g. `reviewAll`).
 */
export async function freshLive(admin: Page, title: string, courseType: 0 | 1, config: Record<string, string> = {}): Promise<FreshLive> {
  const orgId = (await send<{ group: { id: number } }>(admin, "GET", "/api/v1/user-info")).group.id;
  const course = await send<{ Id: number }>(admin, "POST", "/cms/course", { type: courseType, title, detail: "", expire: formatDateTime(Date.now() + 30 * 86_400_000), headimg: "" });
  const [teacher] = await send<{ Id: number; Name: string }[]>(admin, "GET", "/cms/teachersearch", { key: "13800000001", page: "1", count: "1" });
  await enrolIn(admin, course.Id, "13800000003");
  const live = await send<{ Id: number }>(admin, "POST", liveApi.create.path, {
    courseid: course.Id,
    title,
    begintime: formatDateTime(Date.now() - MINUTE),
    endtime: formatDateTime(Date.now() + 60 * MINUTE),
    teachers: JSON.stringify([{ account: teacher.Id, name: teacher.Name }]),
    assistants: "[]",
    detail: "",
    masterid: 0,
    subClassName: "",
    config: JSON.stringify(config),
    emulateid: 0,
  });
  return { liveId: live.Id, orgId, courseId: course.Id };
}

/** The live's share guid with whitelist verification and one entry, set through the live's share and verification calls. */
export async function shareWithWhitelist(admin: Page, live: FreshLive, username: string, password: string): Promise<string> {
  const { guid } = await send<{ guid: string }>(admin, "GET", liveApi.shareGuid.path, { liveid: String(live.liveId) });
  const { token } = await send<{ token: string }>(admin, "GET", liveApi.validatorToken.path, { liveid: String(live.liveId) });
  const q = `roomid=${live.liveId}&token=${encodeURIComponent(token)}`;
  const at = (call: { host: string; path: string }) => `${hostPrefixes[call.host]}${call.path}?${q}`;
  await send(admin, "POST", at(validatorApi.save), { check: 2, password: "", logo_url: "", poster: "", desc: "", extra: { isRecord: 1, data: [] } });
  await send(admin, "POST", at(validatorApi.whitelistAdd), { username, password });
  return guid;
}

/** A new student of the organisation, made through the student list's own call. */
export async function newStudent(admin: Page, student: { name: string; mobile: string; passwd: string }): Promise<void> {
  await send(admin, "POST", "/cms/student", { ...student, nick: "" });
}

async function enrolIn(admin: Page, courseId: number, mobile: string) {
  const [student] = await send<{ Id: number }[]>(admin, "GET", "/cms/studentsearch", { key: mobile, page: "1", count: "1" });
  await send(admin, "POST", "/cms/studentcourse", { userid: student.Id, courseid: courseId });
}

/** The student of that mobile put in the live's course through the course's own call. */
export const enrol = (admin: Page, live: FreshLive, mobile: string) => enrolIn(admin, live.courseId, mobile);

/** Signs a person in on `page` and opens the live's room at `route` as the portal does; the framed room, once drawn. */
export async function enterRoom(page: Page, mobile: string, route: string, live: Pick<FreshLive, "liveId" | "orgId">, password = demoAdmin.password): Promise<FrameLocator> {
  await signInAs(page, mobile, password);
  await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return room;
}
