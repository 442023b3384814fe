import assistant from "./assistant";
import { authApi } from "../auth/auth";
import type { ResourceDecl } from "../kernel/define";
import type { Endpoint } from "../kernel/endpoint";
import { access, defineCalls, type Access, type CallDecl, type CallGroup } from "../kernel/call";
import { personApi } from "./person";
import student from "./student";
import subadmin from "./subadmin";
import teacher from "./teacher";
import { userStatApi } from "./user-stats";

/** A resource that declares the whole CRUD family and both forms. */
export type CrudResource = ResourceDecl & {
  api: Required<Pick<ResourceDecl["api"], "list" | "create" | "update" | "remove">> & ResourceDecl["api"];
  forms: Required<ResourceDecl["forms"]>;
};

/** A family's calls; `search` only where its search call is not the list call itself (assistants). */
export type FamilyCalls = Record<"list" | "create" | "update" | "remove", CallDecl> & { search?: CallDecl };

const sameEndpoint = (a: Endpoint, b: Endpoint) => a.method === b.method && a.path === b.path && a.host === b.host;

/** Reading a family's list: its own menu key, or one it is `readableWith` (the live form's pickers). */
const reading = (resource: ResourceDecl): Access => ({
  kind: "menu",
  keys: [resource.menu.key, ...(resource.readableWith ?? [])],
  mainAdminOnly: resource.mainAdminOnly,
});

/**
 * The person families (sub-admins, teachers, assistants, students) are declared calls rather than
 * the table engine's CRUD, for three reasons its one-table model cannot carry:
 * - a record is two tables: the organisation's identity and the person behind it, shared by every
 *   organisation (the mobile is the person's), so adding one may reuse a person, and a mobile moves
 *   only under the conditions of services/users.ts moveMobile;
 * - the list and its search read the identity joined to the person, searched through the CJK
 *   fragment index with its own plans (services/user-list.ts), which a LIKE over one table would
 *   turn into a scan of the organisation (measured by scripts/bench-students.ts);
 * - the password is hashed outside the write's transaction, and permissions are normalised per role.
 * Each family's calls come from its resource declaration: the endpoints, the schemas and the menu
 * key; `listQuery` is the list's query schema (`list.query`, up to 100 a page, by default).
 */
export function familyCalls(resource: CrudResource, opts: { listQuery?: string } = {}): CallGroup<FamilyCalls> {
  const query = opts.listQuery ?? "list.query";
  const summary = `${resource.title}: one page, newest change first; key filters by a name fragment or 3+ digits of the mobile`;
  const list: CallDecl = { endpoint: resource.api.list, query, access: reading(resource), summary };
  const search = resource.api.search && !sameEndpoint(resource.api.search, resource.api.list) ? { ...list, endpoint: resource.api.search } : undefined;
  const writing = access.menu(resource);
  return defineCalls(`users.${resource.name}`, {
    list,
    ...(search ? { search } : {}),
    create: { endpoint: resource.api.create, body: resource.forms.create, access: writing, summary: `${resource.title}: add` },
    update: { endpoint: resource.api.update, body: resource.forms.edit, access: writing, summary: `${resource.title}: change` },
    remove: { endpoint: resource.api.remove, query: "id.query", access: writing, summary: `${resource.title}: remove the record (the person stays)` },
  });
}

export const subadminCalls = familyCalls(subadmin);
// The live form's pickers load a school's teachers and assistants in one call of 1000 (2 §9).
export const teacherCalls = familyCalls(teacher, { listQuery: "staff.list.query" });
export const assistantCalls = familyCalls(assistant, { listQuery: "staff.list.query" });
export const studentCalls = familyCalls(student);

/** The calls the four families' add and edit dialogs make besides their own (1 §2.4). */
export const userCalls = defineCalls("users", {
  // Asked by the four families' add forms, so any of their menu keys may ask.
  registeredMobile: {
    endpoint: personApi.registeredMobile,
    query: "person.mobile.query",
    access: access.menu([subadmin, teacher, assistant, student].map((r) => r.menu.key)),
    summary: "Whether the mobile is a person's already (an add then keeps that person's password)",
  },
  interCheck: { endpoint: authApi.interCheck, access: access.identity("admin"), summary: "Admin session check before an add or edit dialog" },
});

const teacherLivesSummary = "A teacher's lives, newest first, one row each; totalCount";
const studentLivesSummary = "A student's lives, newest first, one row each (live, or replay when only that); totalCount";

/**
 * GET /userstat/* (1 §7 "Detail stats"): the teacher and student detail pages, each under the menu
 * of the people it describes. `userinfo` serves both, so its menu follows what the query names: a
 * teacher by `userid`, else a student by `mobile`.
 */
export const userStatCalls = defineCalls("users", {
  userInfo: {
    endpoint: userStatApi.userInfo,
    query: "userstat.user.query",
    access: access.credential("userstat.subject", "teacherop when the query names a teacher (userid), studentop when a student (mobile)"),
    summary: "nickname, headimg, mobile of a teacher (userid) or a student (mobile)",
    blankIsAbsent: true,
  },
  teacherCourseLive: {
    endpoint: userStatApi.teacherCourseLive,
    query: "userstat.teacher.query",
    access: access.menu(teacher),
    summary: "A teacher's courses and lives done/total, and its done lives by check state",
    blankIsAbsent: true,
  },
  teacherLives: { endpoint: userStatApi.teacherLives, query: "userstat.teacher-lives.query", access: access.menu(teacher), summary: teacherLivesSummary, blankIsAbsent: true },
  teacherLivesSearch: {
    endpoint: userStatApi.teacherLivesSearch,
    query: "userstat.teacher-lives.query",
    access: access.menu(teacher),
    summary: `${teacherLivesSummary}; filters title, status, begintime, endtime`,
    blankIsAbsent: true,
  },
  studentLives: { endpoint: userStatApi.studentLives, query: "userstat.student-lives.query", access: access.menu(student), summary: studentLivesSummary, blankIsAbsent: true },
  studentLivesSearch: {
    endpoint: userStatApi.studentLivesSearch,
    query: "userstat.student-lives.query",
    access: access.menu(student),
    summary: `${studentLivesSummary}; filters title, status, begintime, endtime`,
    blankIsAbsent: true,
  },
  studentLive: { endpoint: userStatApi.studentLive, query: "userstat.student.query", access: access.menu(student), summary: "A student's lives done/total", blankIsAbsent: true },
  studentCheck: { endpoint: userStatApi.studentCheck, query: "userstat.student.query", access: access.menu(student), summary: "A student's done lives by check state", blankIsAbsent: true },
  studentCourse: { endpoint: userStatApi.studentCourse, query: "userstat.student.query", access: access.menu(student), summary: "A student's courses done/total", blankIsAbsent: true },
});
