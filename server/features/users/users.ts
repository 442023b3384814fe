import { assistant, student, subadmin, teacher } from "../../../resources";
import { assistantCalls, studentCalls, subadminCalls, teacherCalls, userCalls } from "../../../resources/users/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { adminUserop, adminUseropex, portalUserop } from "../../services/user-permissions";
import { isRegistered } from "../../services/users";
import { userFamily } from "./family";

/** User management (1 §2.4, §7): the four families, and what their dialogs ask besides. */
export const userFeatures = [
  userFamily({ group: subadminCalls, resource: subadmin, role: "subadmin", userop: adminUserop, useropex: adminUseropex }),
  userFamily({ group: teacherCalls, resource: teacher, role: "teacher", userop: (text) => portalUserop("teacher", text) }),
  userFamily({ group: assistantCalls, resource: assistant, role: "assistant", userop: (text) => portalUserop("assistant", text) }),
  userFamily({ group: studentCalls, resource: student, role: "student" }),
  defineFeature({
    group: userCalls,
    handlers: ({ db }) => ({
      registeredMobile: async (request) => ok({ registered: await isRegistered(orgScope(request, db), (request.query as { mobile: string }).mobile) }),
      interCheck: async () => ok(null),
    }),
  }),
];
