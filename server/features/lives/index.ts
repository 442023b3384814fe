import { liveCalls } from "../../../resources/lives/calls";
import { defineFeature } from "../../engine/calls";
import { tokenSecret } from "../../services/tool-tokens";
import { narrowToRecorded } from "../../services/recorded-scope";
import { liveCourseKeys } from "../../../resources/lives/live-api";
import { listHandlers } from "./lists";
import { shareHandlers } from "./share";
import { studentHandlers } from "./students";
import { validatorHandlers } from "./validator";
import { whitelistHandlers } from "./whitelist";
import { writeHandlers } from "./writes";

/**
 * Lives (2 §2, §5, §7): every query through the session's organisation scope, every write through
 * its service (services/lives, live-writes, whitelist) with its audit row; the group defaults are
 * the engine's single-record table (resources/lives/live-setting.ts). Viewer
 * verification is part of a live here, as the spec has it (2 §2 设置验证方式 on a live's row).
 */
export default defineFeature({
  group: liveCalls,
  handlers: (ctx) => {
    const key = tokenSecret(ctx.config);
    const handlers = {
      ...listHandlers(ctx),
      ...studentHandlers(ctx),
      ...shareHandlers(ctx),
      ...writeHandlers(ctx),
      ...validatorHandlers(ctx, key),
      ...whitelistHandlers(ctx, key),
    };
    // The calls a recorded session's pages make (resources/lives/calls.ts `recordedToo`).
    const students = { live: ["liveid", "id"] } as const;
    return narrowToRecorded(ctx.db, liveCourseKeys, handlers, {
      courseName: { course: "id" },
      info: { live: "liveid" },
      remove: { live: "id" },
      unaddedStudents: students,
      unaddedStudentsSearch: students,
      students,
      studentsSearch: students,
      addStudent: students,
      removeStudent: students,
      create: { course: "courseid", from: "body" },
      update: { live: "id", from: "body" },
      conflicts: { live: "liveid" },
    });
  },
});
