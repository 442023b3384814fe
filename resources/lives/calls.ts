import live from "./live";
import { liveApi, liveCourseKeys } from "./live-api";
import { access, defineCalls, type Calls } from "../kernel/call";
import { verificationCalls } from "./verification-calls";
import { vodKeys } from "../vod/vod-course";

// Every call of the lists and the live writes but the organisation-wide list admits courseop
// beside liveop: the course page leads to a course's lives (resources/lives/live.ts `menu.alsoFor`).
const liveOrCourse = access.menu(liveCourseKeys);
// Search forms send their empty fields as `title=` or `status=`; the conflict check sends `liveid=`
// for a live not yet saved. The lists and writes of lives read a blank parameter as none.
const listed = { access: liveOrCourse, blankIsAbsent: true } as const;
// A recorded session is a live of a recorded course (3 §2.1): the live's form, students and void serve
// /vodop and /recordvoditemop too, narrowed to recorded ones for a holder of those keys alone
// (server/services/recorded-scope.ts).
const recordedToo = { access: access.menu([...liveCourseKeys, ...vodKeys]), blankIsAbsent: true } as const;

const searchSummary =
  "Lives, newest start first; filters title (fragment), liveid, teacher (main teacher's identity id), status (-1 all), begintime/endtime (the start), couseid (sic: one course)";
const masterSummary = "Main classrooms of a course: no sub-class, live type 5 (every live of a course of type 18); key narrows by name";

/**
 * The live lists (2 §2, §7): /liveop's every live and search, /liveCourse's lives of a course (its
 * main classrooms for double-teacher courses), the sub-classes of a main classroom, one live, a
 * course's name, and voiding. Declared calls beside the table engine: a LiveRecord is read from five
 * tables (the course, the main classroom, the staff with their people, the students), its search
 * runs on the title index of migration 0021 and on a teacher's staff rows, and voiding is one way.
 */
export const liveListCalls = {
  all: { endpoint: liveApi.all, query: "list.query", access: access.menu(live), blankIsAbsent: true, summary: "Every live of the organisation, newest start first" },
  search: { endpoint: liveApi.search, query: "live.search.query", ...listed, summary: searchSummary },
  master: { endpoint: liveApi.master, query: "live.masters.query", ...listed, summary: masterSummary },
  masterSearch: { endpoint: liveApi.masterSearch, query: "live.masters.query", ...listed, summary: masterSummary },
  sub: { endpoint: liveApi.sub, query: "live.sub.query", ...listed, summary: "Sub-classes of main classroom masterid, newest start first" },
  courseName: { endpoint: liveApi.courseName, query: "id.query", ...recordedToo, summary: "Name and type of course id" },
  info: { endpoint: liveApi.info, query: "live.id.query", ...recordedToo, summary: "One live (LiveRecord)" },
  remove: { endpoint: liveApi.remove, query: "id.query", ...recordedToo, summary: "Voids a live (one way)" },
} satisfies Calls;

const unaddedSummary = "Students of the organisation not in live liveid (or id); key narrows by a name fragment or 3+ digits of the mobile";
const addedSummary = "Students of live liveid, most recently added first; key as in the student search";

/** The students of a live (2 §2 添加学员 and 批量导入, §7). */
export const liveStudentCalls = {
  unaddedStudents: { endpoint: liveApi.unaddedStudents, query: "live.students.query", ...recordedToo, summary: unaddedSummary },
  unaddedStudentsSearch: { endpoint: liveApi.unaddedStudentsSearch, query: "live.students.query", ...recordedToo, summary: unaddedSummary },
  students: { endpoint: liveApi.students, query: "live.students.query", ...recordedToo, summary: addedSummary },
  studentsSearch: { endpoint: liveApi.studentsSearch, query: "live.students.query", ...recordedToo, summary: addedSummary },
  addStudent: { endpoint: liveApi.addStudent, body: "live.student", ...recordedToo, summary: "Adds a student (userid) to a live and, if not yet, to its course" },
  removeStudent: { endpoint: liveApi.removeStudent, query: "live.student", ...recordedToo, summary: "Takes a student (userid) out of a live" },
  addStudentByMobile: {
    endpoint: liveApi.addStudentByMobile,
    body: "live.student-mobile",
    ...listed,
    summary:
      "One xlsx import row: the organisation's student with this mobile (made if absent and the caller may add students) into the live and its course; data.Created says whether the row made the student",
  },
} satisfies Calls;

/** A live's audience base and share links (2 §7). */
export const liveShareCalls = {
  initNumGet: { endpoint: liveApi.initNumGet, query: "live.id.query", ...listed, summary: "The audience base of a live → {initNum}" },
  initNumSet: { endpoint: liveApi.initNumSet, body: "live.init-num", ...listed, summary: "Sets the audience base (0 to 10,000,000) → {initNum}" },
  shareGuid: { endpoint: liveApi.shareGuid, query: "live.id.query", ...listed, summary: "The no-verification link's guid of a live (made once, then stable) → {guid}" },
  replayGuid: { endpoint: liveApi.replayGuid, query: "live.id.query", ...listed, summary: "The replay link's guid of a live (made once, then stable) → {guid}" },
} satisfies Calls;

/**
 * Adding and modifying a live and its schedule conflicts (2 §5, §7). Declared calls rather than a
 * table: a live is a row and its ordered staff in another table, it is added against the organisation's balance (918) and shaped by its
 * course (type, sub-classes, simulated lives) and the group's defaults, none of which a table
 * declaration can say. PATCH `{id, status: 0}` voids (2 §7, the sub-class list), through the one
 * void of DELETE /cms/live. The group's defaults themselves are a single-record table
 * (resources/lives/live-setting.ts).
 */
export const liveWriteCalls = {
  create: { endpoint: liveApi.create, body: "live.create", ...recordedToo, summary: "Lives: add (918 at the arrears limit; a template makes it a simulated live)" },
  update: {
    endpoint: liveApi.update,
    body: "live.edit",
    ...recordedToo,
    summary: "Lives: modify (a started live keeps its start; initnum -1 keeps the audience base); {id, status: 0} voids instead",
  },
  coursewareCandidates: {
    endpoint: liveApi.coursewareCandidates,
    query: "live.courseware.query",
    ...recordedToo,
    summary: "Files of the organisation's cloud disk the live form may attach as courseware, newest first; key narrows by name",
  },
  conflicts: {
    endpoint: liveApi.conflicts,
    query: "live.conflicts.query",
    ...recordedToo,
    summary: "Lives of the given teachers or assistants overlapping [begintime, endtime), the changed one left out",
  },
} satisfies Calls;

/** Lives (2 §2, §5, §7): lists, students, share links, writes, and viewer verification. */
export const liveCalls = defineCalls("lives", { ...liveListCalls, ...liveStudentCalls, ...liveShareCalls, ...liveWriteCalls, ...verificationCalls });
