import ical from "ical-generator";
import type { OrgScope } from "../engine/org-scope";
import { liveTypeLabels } from "../../resources/lives/live-api";
import { portalLimits } from "../../resources/portal/portal";
import { roomRows, teachersOf, type Viewer } from "./portal-rooms";

const DAY = 86_400_000;

/**
 * A person's lives as an iCalendar feed (issue 11 item 5): those beginning from 30 days ago to 90
 * days ahead. Times are written in UTC (`…Z`): a calendar shows them in its own zone, and
 * ical-generator given plain Dates and a zone would shift them by the zone's offset
 * (shared/notes/libraries.md). Each live keeps its UID, so a moved live moves in the calendar.
 */
export async function calendarFeed(scope: OrgScope, viewer: Viewer, orgName: string, now: number): Promise<string> {
  const rows = await roomRows(scope, viewer, { from: now - portalLimits.feedPastDays * DAY, to: now + portalLimits.feedFutureDays * DAY });
  const teachers = await teachersOf(scope, rows.map((r) => r.id));
  const calendar = ical({
    name: `${orgName} · 我的直播`,
    prodId: { company: "lectern", product: "portal", language: "ZH" },
    ttl: 3600,
  });
  for (const r of rows) {
    const names = (teachers.get(r.id) ?? []).map((t) => t.name).join("、");
    calendar.createEvent({
      id: `live-${r.id}@lectern`,
      start: new Date(r.begin_time),
      end: new Date(r.end_time),
      stamp: new Date(r.updated_at),
      summary: r.title,
      description: [`课程：${r.course_title}`, `类型：${liveTypeLabels[String(r.scale)] ?? "直播"}`, names ? `主讲：${names}` : ""].filter(Boolean).join("\n"),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves that one bare.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
