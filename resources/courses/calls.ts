import course from "./course";
import { access, defineCalls } from "../kernel/call";
import { uploadApi } from "../kernel/upload";
import { vodKeys } from "../vod/vod-course";

/** The course calls serve /courseop and the recorded courses of /vodcourseop (narrowed to type 200 on the server, services/recorded-scope.ts). */
const courseOrRecorded = access.menu([course.menu.key, vodKeys[0]]);

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
  list: { endpoint: course.api.list, query: "course.search", access: courseOrRecorded, summary: listSummary, blankIsAbsent: true },
  search: { endpoint: course.api.search, query: "course.search", access: courseOrRecorded, summary: listSummary, blankIsAbsent: true },
  // The create form offers what `addCourse` accepts: the client is told, not left to work it out
  // from the extended tree (the main admin's tree says nothing of the types without a key).
  offeredTypes: { endpoint: course.extra.offeredTypes, access: courseOrRecorded, summary: "Course type codes the admin may create (extended permissions, 1 §6)" },
  create: { endpoint: course.api.create, body: course.forms.create, access: courseOrRecorded, summary: "Courses: add (type limited by the admin's extended permissions)" },
  update: { endpoint: course.api.update, body: course.forms.edit, access: courseOrRecorded, summary: "Courses: change (the type stays)" },
  remove: { endpoint: course.api.remove, query: "id.query", access: courseOrRecorded, summary: "Courses: remove one that has no lives, with its enrolments" },
});

const unaddedSummary = "Students of the organisation not in course `id`; key narrows by a name fragment or 3+ digits of the mobile";
const addedSummary = "Students in course `courseid`, most recently added first; key as in the student search";

/** The students of a course (1 §2.5 student management and batch import, §7): pages of the course's student dialogs. */
export const courseStudentCalls = defineCalls("courses", {
  unaddedStudents: { endpoint: course.extra.unaddedStudents, query: "course.unadded-students.query", access: courseOrRecorded, summary: unaddedSummary, blankIsAbsent: true },
  unaddedStudentsSearch: { endpoint: course.extra.unaddedStudentsSearch, query: "course.unadded-students.query", access: courseOrRecorded, summary: unaddedSummary, blankIsAbsent: true },
  students: { endpoint: course.extra.students, query: "course.students.query", access: courseOrRecorded, summary: addedSummary, blankIsAbsent: true },
  studentsSearch: { endpoint: course.extra.studentsSearch, query: "course.students.query", access: courseOrRecorded, summary: addedSummary, blankIsAbsent: true },
  addStudent: { endpoint: course.extra.addStudent, body: "course.student", access: courseOrRecorded, summary: "Adds a student (userid) to a course", blankIsAbsent: true },
  removeStudent: { endpoint: course.extra.removeStudent, query: "course.student", access: courseOrRecorded, summary: "Removes a student (userid) from a course", blankIsAbsent: true },
  addStudentByMobile: {
    endpoint: course.extra.addStudentByMobile,
    body: "course.student-mobile",
    access: courseOrRecorded,
    summary: "Adds the organisation's student with this mobile to a course (one xlsx import row)",
    blankIsAbsent: true,
  },
});

/**
 * POST /upload (the upload host kind) takes one multipart file field, judged by the rule the query
 * names (imageRules), so who may upload depends on that rule as well as on the session: the main
 * admin, or a sub-admin holding a menu key of the form the rule serves.
 */
export const uploadCalls = defineCalls("courses", {
  upload: {
    endpoint: uploadApi.upload,
    query: "upload.query",
    access: access.credential("upload.rule", "an admin holding a menu key of the form the query's image rule serves (imageRules[rule].menuKeys)"),
    summary: "Uploads one image by the rule of ?rule= (cover: jpeg/png ≤ 3 MB; verification: jpeg/png/bmp ≤ 5 MB; company: jpeg/png ≤ 2 MB) within the organisation's quota and rate; answers {url}",
    blankIsAbsent: true,
  },
  file: {
    endpoint: uploadApi.file,
    access: access.public("an uploaded file's name is random and unguessable, and the image is already shown on the pages that use it"),
    summary: "An uploaded file; names are random and never reused, so it is cached for good",
    answer: "image",
    blankIsAbsent: true,
  },
});
