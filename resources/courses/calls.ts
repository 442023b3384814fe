import course from "../course";
import { access, defineCalls } from "../kernel/call";

const listSummary =
  "Courses: one page, newest change first; filters title (fragment), type, status (1 valid and not expired, 0 otherwise), begintime/endtime (a live of the course starts in the range)";

/**
 * /cms/course and /cms/coursesearch (1 §7 "Courses"). Declared calls rather than the table engine's
 * CRUD: the list answers what the table does not hold (Status from the expiry at the time of
 * asking, FirstLiveTime from the lives) and filters on it; creation depends on the admin's
 * extended permissions (the course types it is offered, 1 §6) and the type's maximum users;
 * removal on the course's lives and a foreign key that may refuse it mid-race.
 */
export const courseCalls = defineCalls("courses", {
  list: { endpoint: course.api.list, query: "course.search", access: access.menu(course), summary: listSummary, blankIsAbsent: true },
  search: { endpoint: course.api.search, query: "course.search", access: access.menu(course), summary: listSummary, blankIsAbsent: true },
  // The create form offers what `addCourse` accepts: the client is told, not left to work it out
  // from the extended tree (the main admin's tree says nothing of the types without a key).
  offeredTypes: { endpoint: course.extra.offeredTypes, access: access.menu(course), summary: "Course type codes the admin may create (extended permissions, 1 §6)" },
  create: { endpoint: course.api.create, body: course.forms.create, access: access.menu(course), summary: "Courses: add (type limited by the admin's extended permissions)" },
  update: { endpoint: course.api.update, body: course.forms.edit, access: access.menu(course), summary: "Courses: change (the type stays)" },
  remove: { endpoint: course.api.remove, query: "id.query", access: access.menu(course), summary: "Courses: remove one that has no lives, with its enrolments" },
});
