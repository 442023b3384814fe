import { courseStudentCalls } from "../../../resources/courses/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { pickerHandlers } from "../../engine/picker-handlers";
import { ok } from "../../plugins/envelope";
import { narrowToRecorded } from "../../services/recorded-scope";
import course from "../../../resources/courses/course";
import { addedStudents, addStudent, addStudentByMobile, removeStudent, unaddedStudents } from "../../services/course-students";

/** The students of a course (1 §2.5 student management and batch import, §7), through the session's organisation scope. */
export default defineFeature({
  group: courseStudentCalls,
  handlers: ({ db }) =>
    narrowToRecorded(db, [course.menu.key], {
    // The unadded pane names the course `id`, the others `courseid` (1 §7).
    ...pickerHandlers(db, {
      ownerParam: "courseid",
      unadded: (scope, { id, ...page }) => unaddedStudents(scope, { courseId: Number(id), ...page }),
      added: (scope, { courseid, ...page }) => addedStudents(scope, { courseId: Number(courseid), ...page }),
      add: addStudent,
      remove: removeStudent,
    }),
    addStudentByMobile: async (request) => {
      const { mobile, courseid } = request.body as { mobile: string; courseid: number };
      return ok(await addStudentByMobile(orgScope(request, db), courseid, mobile), { msg: "添加成功" });
    },
  }, {
    unaddedStudents: { course: "id" },
    unaddedStudentsSearch: { course: "id" },
    students: { course: "courseid" },
    studentsSearch: { course: "courseid" },
    addStudent: { course: "courseid" },
    removeStudent: { course: "courseid" },
    addStudentByMobile: { course: "courseid" },
  }),
});
