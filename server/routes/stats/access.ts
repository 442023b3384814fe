import type { FastifyRequest } from "fastify";
import { permissionGroups } from "../../../resources/menu";
import { dashboardModules, mayShowModule, statCallKeys, type DashboardModule } from "../../../resources/stats";
import type { Db } from "../../db/database";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { needResource } from "../../plugins/permissions";
import { menuKeysOf } from "../../services/menu";
import { needIdentity } from "../../plugins/session";

/**
 * Statistics are the organisation's, so any admin identity (the main admin or a sub-admin)
 * reads them; teachers, assistants and students do not. The account's figures also need the
 * menu key resources/stats.ts `statCallKeys` names, checked as every menu key is checked.
 */

type StatCall = DashboardModule["calls"][number];

const menuItems = permissionGroups.flatMap((group) => group.items);

/** The grant behind a menu key, in the shape `needResource` checks. */
function grantOf(key: string) {
  const item = menuItems.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`resources/stats.ts names a menu key "${key}" that resources/menu.ts does not have`);
  return { menu: { group: item.sidebar, key } };
}

/**
 * `route(..., { guard: guardOf("consume") })`: 401 without a session, 403 拒绝访问 for anyone but
 * an admin, and for a sub-admin without the call's menu key, before the query is judged.
 */
export function guardOf(call: StatCall) {
  const key = statCallKeys[call];
  const grant = key ? grantOf(key) : null;
  return (request: FastifyRequest) => (grant ? needResource(request, grant) : needIdentity(request, "admin"));
}

/** The organisation the admin acts for, as the scoped accessor: every statistic is read for it alone. */
export function adminScope(request: FastifyRequest, db: Db): OrgScope {
  needIdentity(request, "admin");
  return orgScope(request, db);
}

/** Whether the signed-in admin may see a dashboard module, by the menu keys it holds. */
export function moduleVisibility(request: FastifyRequest): (id: number) => boolean {
  const held = menuKeysOf(needIdentity(request, "admin").identity);
  return (id) => {
    const module = dashboardModules.find((candidate) => candidate.id === id);
    return !!module && mayShowModule(module, held);
  };
}
