import type { FastifyRequest } from "fastify";
import type { ResourceDecl } from "../../resources/kernel/define";
import { menuKeysOf } from "../services/menu";
import { fail } from "./envelope";
import { needIdentity } from "./session";

/**
 * The server's half of access control (docs/architecture.md: the client hides, the server refuses).
 * A resource is guarded by its menu key: the main admin may use every one; a sub-admin only
 * those it was granted and never a main-admin-only one; teachers, assistants and students none.
 * No session is 401; any refusal is 403 拒绝访问.
 */
export function needResource(request: FastifyRequest, resource: Pick<ResourceDecl, "menu" | "mainAdminOnly">) {
  return needAnyMenu(request, [resource.menu.key], resource.mainAdminOnly);
}

/**
 * The same check for a call that several menus' pages make: holding any one of `keys` is enough
 * (the group defaults are read by /liveSetting and by the live form under liveop or courseop).
 */
export function needAnyMenu(request: FastifyRequest, keys: readonly string[], mainAdminOnly = false) {
  const auth = needIdentity(request, "admin");
  if (auth.identity.role === "admin") return auth;
  if (mainAdminOnly) throw fail.forbidden();
  const held = menuKeysOf(auth.identity);
  if (!keys.some((key) => held.has(key))) throw fail.forbidden();
  return auth;
}

/** `route(..., { guard: resourceGuard(teacher) })`: the same check before validation. */
export const resourceGuard = (resource: Pick<ResourceDecl, "menu" | "mainAdminOnly">) => (request: FastifyRequest) =>
  needResource(request, resource);

/** The guard of a resource's reading calls: its own key, or one it is `readableWith`. */
export const readGuard = (resource: Pick<ResourceDecl, "menu" | "mainAdminOnly" | "readableWith">) => (request: FastifyRequest) =>
  needAnyMenu(request, [resource.menu.key, ...(resource.readableWith ?? [])], resource.mainAdminOnly);

/** `route(..., { guard: anyMenuGuard(["liveSetting", "liveop"]) })`. */
export const anyMenuGuard = (keys: readonly string[]) => (request: FastifyRequest) => needAnyMenu(request, keys);
