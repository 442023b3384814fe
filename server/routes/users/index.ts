import type { FastifyInstance, FastifyRequest } from "fastify";
import { authApi } from "../../../resources/auth";
import { assistant, student, subadmin, teacher } from "../../../resources";
import { personApi } from "../../../resources/person";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { orgScope } from "../../engine/org-scope";
import { anyMenuGuard } from "../../plugins/permissions";
import { adminUserop, adminUseropex, portalUserop } from "../../services/user-permissions";
import { isRegistered } from "../../services/users";
import { route } from "../../engine/route";
import { registerUserFamily } from "./family";

/** User management (1 §2.4, §7): sub-admins, teachers, assistants and students. */
export default async function userRoutes(app: FastifyInstance, ctx: Ctx) {
  registerUserFamily(app, ctx, { resource: subadmin, role: "subadmin", userop: adminUserop, useropex: adminUseropex });
  // The live form's pickers load a school's teachers and assistants in one call of 1000 (2 §9).
  registerUserFamily(app, ctx, { resource: teacher, role: "teacher", userop: (text) => portalUserop("teacher", text), listQuery: "staff.list.query" });
  registerUserFamily(app, ctx, { resource: assistant, role: "assistant", userop: (text) => portalUserop("assistant", text), listQuery: "staff.list.query" });
  registerUserFamily(app, ctx, { resource: student, role: "student" });

  const adminOnly = (request: FastifyRequest) => needIdentity(request, "admin");
  // Asked by the four families' add forms, so any of their menu keys may ask.
  const families = [subadmin, teacher, assistant, student];
  const anyFamily = anyMenuGuard(families.map((r) => r.menu.key));
  route(
    app,
    personApi.registeredMobile,
    { query: "person.mobile.query", guard: anyFamily, summary: "Whether the mobile is a person's already (an add then keeps that person's password)", tags: ["users"] },
    async (request) => ok({ registered: await isRegistered(orgScope(request, ctx.db), (request.query as { mobile: string }).mobile) }),
  );

  route(app, authApi.interCheck, { guard: adminOnly, summary: "Admin session check before an add or edit dialog", tags: ["users"] }, async () => ok(null));
}
