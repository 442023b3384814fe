import type { Payload } from "../../../../providers/http";
import { checkStates, userStatApi, type CheckState } from "../../../../resources/users/user-stats";
import { hasFilters, type LiveQuery } from "./live-query";

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

export const subjectPayload = (subject: DetailSubject): Payload =>
  subject.kind === "teacher" ? { userid: subject.userid } : { mobile: subject.mobile };

/** The header as the page shows it, the role's default name standing in for what is missing. */
export function personOf(subject: DetailSubject, info: Record<string, unknown> | undefined): PersonInfo {
  const mobile = subject.kind === "student" ? subject.mobile : "";
  return {
    nickname: text(info?.nickname) || defaultNickname[subject.kind],
    headimg: text(info?.headimg),
    mobile: text(info?.mobile) || mobile,
  };
}

const progress = (data: Record<string, unknown> | undefined, key: "course" | "live"): Progress => ({
  done: num(data?.[`${key}Do`]),
  total: num(data?.[`${key}Total`]),
});

/** The attendance counts of an answer (`check-<state>`); zeros where it has none. */
export const checksOf = (data: Record<string, unknown> | undefined) =>
  Object.fromEntries(checkStates.map((state) => [state, num(data?.[`check-${state}`])])) as Record<CheckState, number>;

export const coursesOf = (data: Record<string, unknown> | undefined) => progress(data, "course");
export const livesOf = (data: Record<string, unknown> | undefined) => progress(data, "live");

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

/** The call of the person's lives: the search call when a filter is set. */
export function livesEndpoint(subject: DetailSubject, query: LiveQuery) {
  const search = hasFilters(query);
  return subject.kind === "teacher"
    ? search ? userStatApi.teacherLivesSearch : userStatApi.teacherLives
    : search ? userStatApi.studentLivesSearch : userStatApi.studentLives;
}

/** One page of lives from the answer's rows and count (the server sends `count` beside `totalCount`). */
export function livePageOf(data: unknown, count: unknown): LivePage {
  const rows = Array.isArray(data) ? data.map((raw) => liveRow(raw as Record<string, unknown>)) : [];
  return { rows, total: num(count) };
}
