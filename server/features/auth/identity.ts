import type { IdentityType } from "../../../resources/auth/auth";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ApiError, ok } from "../../plugins/envelope";
import { needIdentity, needPerson, typeOfRole } from "../../plugins/session";
import { extendedTreeOf, menuOf, permissionTreeOf } from "../../services/menu";
import { isCertified } from "../../services/certification/certification";
import type { AuthPart } from "./auth";

/** The organisation's own row: `organisations` carries no org_id, its id is the organisation. */
const ownOrganisation = (scope: OrgScope) => scope.shared.selectFrom("organisations").where("id", "=", scope.orgId);

/**
 * Identity choice and the current identity's own facts. The list of a person's identities and the
 * choice of one are deliberately across organisations: a person signed in but not yet acting for
 * any organisation picks among all of theirs, so those two read `identities` by the session's
 * person, never by an organisation. Everything after the choice (the organisation's name, its
 * balance, the user's info) goes through the organisation-scoped accessor.
 */
const identityHandlers = ({ db }: FeatureCtx) =>
  ({
    identities: async (request) => {
      const { person } = needPerson(request);
      const rows = await db.kysely
        .selectFrom("identities as i")
        .innerJoin("organisations as o", "o.id", "i.org_id")
        .select(["i.id", "i.role", "o.name as orgName"])
        .where("i.person_id", "=", person.id)
        .orderBy("i.id")
        .execute();
      const lists: Record<IdentityType, { id: number; name: string }[]> = { admin: [], teacher: [], student: [], assistant: [] };
      for (const r of rows) lists[typeOfRole(r.role)].push({ id: r.id, name: r.orgName });
      return ok(lists);
    },
    selectIdentity: async (request) => {
      const auth = needPerson(request);
      const { id, type } = request.body as { id: number; type: IdentityType };
      const identity = await db.kysely
        .selectFrom("identities")
        .select(["id", "role"])
        .where("id", "=", id)
        .where("person_id", "=", auth.person.id)
        .executeTakeFirst();
      if (!identity || typeOfRole(identity.role) !== type) throw new ApiError(1, "请选择要登录的机构");
      await db.kysely.updateTable("sessions").set({ identity_id: identity.id }).where("id", "=", auth.sessionId).execute();
      return ok({ type }, { type });
    },
    menu: async (request) => ok(menuOf(needIdentity(request).identity)),
    enterpriseName: async (request) => {
      const scope = orgScope(request, db);
      const org = await ownOrganisation(scope).select("name").executeTakeFirstOrThrow();
      // The top bar marks a certified organisation (3 §4, issue 19 item 5).
      return ok({ name: org.name, certified: await isCertified(scope) });
    },
    userPriv: async (request) => ok(permissionTreeOf(needIdentity(request, "admin").identity)),
    userPrivEx: async (request) => ok(extendedTreeOf(needIdentity(request, "admin").identity)),
    balance: async (request) => {
      const org = await ownOrganisation(orgScope(request, db)).select("balance_milli").executeTakeFirstOrThrow();
      return ok({ balance: org.balance_milli / 1000 });
    },
    userInfo: async (request) => {
      const { person, identity } = needIdentity(request);
      const org = await ownOrganisation(orgScope(request, db)).select(["id", "name"]).executeTakeFirstOrThrow();
      return ok({
        name: identity.name,
        nickname: person.nickname || identity.name,
        mobile: person.mobile,
        headimg: person.headimg,
        type: identity.type,
        role: identity.role,
        group: { id: org.id, name: org.name },
      });
    },
  }) satisfies ReturnType<AuthPart>;

export default identityHandlers;
