import { liveLimits, type LiveConflict as Conflict } from "../../resources/lives/live-api";
import { parseDateTime } from "../../resources/kernel/local-time";
import type { OrgScope } from "../engine/org-scope";
import { fail } from "../plugins/envelope";
import { formatDateTime } from "./datetime";
import { accountsOf, staffMax } from "./live-staff";

export interface ConflictQuery {
  begintime: string;
  endtime: string;
  teachers?: string;
  assistants?: string;
  /** The live being changed, left out; 0 for a new one. */
  liveid?: number;
}

/** The warning names a handful; a person with more clashes has a timetable to look at, not a list. */
const shown = 20;

/**
 * The lives of `people` overlapping [begin, end). A live lasts at most a day and a second (2 §5,
 * liveLimits.maxSpanMs), so one that overlaps starts after `begin` less that: the organisation's
 * time index (lives_org_time) reads a window of about two days, and each live found is matched to
 * the people through the staff key (live_id, identity_id), however long their history.
 * live_staff is reached from the scoped lives by their key; the people were read through the scope.
 */
export function overlapping(scope: OrgScope, people: number[], begin: number, end: number, except: number) {
  return scope
    .selectFrom("lives as l")
    .innerJoin("live_staff as s", "s.live_id", "l.id")
    .select(["l.id", "l.title", "l.begin_time", "l.end_time", "s.identity_id"])
    .where("s.identity_id", "in", people)
    .where("l.voided", "=", 0)
    .where("l.id", "!=", except)
    .where("l.begin_time", ">", begin - liveLimits.maxSpanMs)
    .where("l.begin_time", "<", end)
    .where("l.end_time", ">", begin)
    .orderBy("l.begin_time")
    .orderBy("l.id")
    .limit(shown * 4);
}

/**
 * The organisation's lives, not voided and not the one being changed, that one of the given
 * teachers or assistants has during [begin, end) (issue 10: a warning, never a refusal). The
 * people are read back through the scope first: another school's ids name nobody here.
 */
export async function findConflicts(scope: OrgScope, q: ConflictQuery): Promise<Conflict[]> {
  const begin = parseDateTime(q.begintime);
  const end = parseDateTime(q.endtime);
  if (begin === null) throw fail.bad("开始时间格式不正确", "begintime");
  if (end === null) throw fail.bad("结束时间格式不正确", "endtime");
  const accounts = [...(accountsOf(q.teachers) ?? []), ...(accountsOf(q.assistants) ?? [])].slice(0, 2 * staffMax);
  if (end <= begin || accounts.length === 0) return [];
  const people = await scope.selectFrom("identities").select(["id", "name"]).where("id", "in", accounts).where("role", "in", ["teacher", "assistant"]).execute();
  if (people.length === 0) return [];
  const names = new Map(people.map((p) => [p.id, p.name]));
  const rows = await overlapping(scope, [...names.keys()], begin, end, q.liveid ?? 0).execute();
  const byLive = new Map<number, Conflict>();
  for (const row of rows) {
    const found = byLive.get(row.id);
    const who = names.get(row.identity_id)!;
    if (found) found.Who = `${found.Who}、${who}`;
    else if (byLive.size < shown) byLive.set(row.id, { Id: row.id, Title: row.title, BeginTime: formatDateTime(row.begin_time), EndTime: formatDateTime(row.end_time), Who: who });
  }
  return [...byLive.values()];
}
