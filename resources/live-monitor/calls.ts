import { access, defineCalls } from "../kernel/call";
import { toolPages } from "../tools/tools";
import { aichatKey, liveMonitorKey, monitorApi } from "./monitor-api";

/**
 * The live monitor's calls (2 §7 Monitor, issue 20 items 3, 4, 9): the lives around now, which
 * the monitor lists and the AI chat page and the stream review pick from (3 §7.4), and a live's
 * students with who is online. Every read goes through the organisation's scope, so another
 * organisation's live is as unknown as a made-up one.
 */
export const monitorCalls = defineCalls("live-monitor", {
  lives: {
    endpoint: monitorApi.lives,
    query: "livemonitor.query",
    access: access.menu([liveMonitorKey, aichatKey, toolPages.streamRec.menuKey]),
    summary: "The lives within ts seconds either side of now of class type scale (-1 every type), soonest first: id, courseid, title, begintime, endtime, livetype, usernum (people in its room now); count",
  },
  students: {
    endpoint: monitorApi.students,
    query: "userlivestatus.query",
    access: access.menu([liveMonitorKey]),
    summary: "The students of the live's course, online first: name, username (room nickname), mobile, device, status (1 online), onlinets (seconds in the live); total, onlinenum, sharenum (share-link viewers in the room), title, count (the rows the online filter selects)",
  },
});
