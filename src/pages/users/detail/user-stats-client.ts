import { call, HttpRequestError, request, unwrap, type Payload } from "../../../../providers/http";
import { checkStates, userStatApi, type CheckState } from "../../../../resources/user-stats";
import { hasFilters, livePayload, type LiveQuery } from "./live-query";

/** Whose detail page this is: a teacher by record id, a student by mobile. */
export type DetailSubject = { kind: "teacher"; userid: number } | { kind: "student"; mobile: string };

export interface PersonInfo {
  nickname: string;
  headimg: string;
  mobile: string;
}

export interface Progress {
  done: number;
  total: number;
}

export interface DetailStats {
  courses: Progress;
  lives: Progress;
  checks: Record<CheckState, number>;
}

/** One row of the detail table (1 §3 "Live row"). */
export interface LiveRow {
  liveid: number;
  title: string;
  coursetitle: string;
  begintime: string;
  endtime: string;
  status: number;
  playtype: number;
  scale: number;
  online: number;
}

export interface LivePage {
  rows: LiveRow[];
  total: number;
}

/** What a detail page shows for one part it could not load (1 §8): its default. */
export interface Loaded<T> {
  value: T;
  failed: boolean;
}

export const defaultNickname = { teacher: "老师", student: "学生" } as const;

const num = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);
const text = (value: unknown) => (typeof value === "string" ? value : "");

const subjectPayload = (subject: DetailSubject): Payload =>
  subject.kind === "teacher" ? { userid: subject.userid } : { mobile: subject.mobile };

async function orDefault<T>(load: () => Promise<T>, fallback: T): Promise<Loaded<T>> {
  try {
    return { value: await load(), failed: false };
  } catch {
    return { value: fallback, failed: true };
  }
}

/** The header, and whether the organisation has no such person of the page's role (记录不存在), which no default stands in for. */
export interface LoadedPerson extends Loaded<PersonInfo> {
  missing: boolean;
}

export async function loadPerson(subject: DetailSubject): Promise<LoadedPerson> {
  const fallback = { nickname: defaultNickname[subject.kind], headimg: "", mobile: subject.kind === "student" ? subject.mobile : "" };
  try {
    const info = await call<Record<string, unknown>>(userStatApi.userInfo, subjectPayload(subject));
    const value = { nickname: text(info?.nickname) || fallback.nickname, headimg: text(info?.headimg), mobile: text(info?.mobile) || fallback.mobile };
    return { value, failed: false, missing: false };
  } catch (error) {
    return { value: fallback, failed: true, missing: error instanceof HttpRequestError && error.code === 404 };
  }
}

const progress = (data: Record<string, unknown> | null, key: "course" | "live"): Progress => ({
  done: num(data?.[`${key}Do`]),
  total: num(data?.[`${key}Total`]),
});

const checks = (data: Record<string, unknown> | null) =>
  Object.fromEntries(checkStates.map((state) => [state, num(data?.[`check-${state}`])])) as Record<CheckState, number>;

const zeroStats = (): DetailStats => ({ courses: { done: 0, total: 0 }, lives: { done: 0, total: 0 }, checks: checks(null) });

/** A teacher's stats come in one call, a student's in three; each part falls back to zeros on its own. */
export async function loadStats(subject: DetailSubject): Promise<Loaded<DetailStats>> {
  const zero = zeroStats();
  if (subject.kind === "teacher") {
    return orDefault(async () => {
      const data = await call<Record<string, unknown>>(userStatApi.teacherCourseLive, subjectPayload(subject));
      return { courses: progress(data, "course"), lives: progress(data, "live"), checks: checks(data) };
    }, zero);
  }
  const get = (endpoint: typeof userStatApi.studentCourse) => () => call<Record<string, unknown>>(endpoint, subjectPayload(subject));
  const [courses, lives, checked] = await Promise.all([
    orDefault(async () => progress(await get(userStatApi.studentCourse)(), "course"), zero.courses),
    orDefault(async () => progress(await get(userStatApi.studentLive)(), "live"), zero.lives),
    orDefault(async () => checks(await get(userStatApi.studentCheck)()), zero.checks),
  ]);
  return {
    value: { courses: courses.value, lives: lives.value, checks: checked.value },
    failed: courses.failed || lives.failed || checked.failed,
  };
}

function liveRow(raw: Record<string, unknown>): LiveRow {
  return {
    liveid: num(raw.liveid),
    title: text(raw.title),
    coursetitle: text(raw.coursetitle),
    begintime: text(raw.begintime),
    endtime: text(raw.endtime),
    status: num(raw.status),
    playtype: num(raw.playtype),
    scale: num(raw.scale),
    online: num(raw.online),
  };
}

/** One page of the person's lives; the search call when a filter is set. Rejects on failure. */
export async function loadLives(subject: DetailSubject, query: LiveQuery): Promise<LivePage> {
  const search = hasFilters(query);
  const endpoint =
    subject.kind === "teacher"
      ? search ? userStatApi.teacherLivesSearch : userStatApi.teacherLives
      : search ? userStatApi.studentLivesSearch : userStatApi.studentLives;
  const envelope = await request<unknown>(endpoint, { ...subjectPayload(subject), ...livePayload(query) });
  const data = unwrap(envelope);
  const rows = Array.isArray(data) ? data.map((raw) => liveRow(raw as Record<string, unknown>)) : [];
  const total = (envelope as { totalCount?: unknown }).totalCount ?? envelope.count;
  return { rows, total: num(total) };
}
