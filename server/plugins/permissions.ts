import type { FastifyRequest } from "fastify";
import type { ResourceDecl } from "../../resources/define";
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
  const auth = needIdentity(request, "admin");
  if (auth.identity.role === "admin") return auth;
  if (resource.mainAdminOnly || !menuKeysOf(auth.identity).has(resource.menu.key)) throw fail.forbidden();
  return auth;
}

/** `route(..., { guard: resourceGuard(teacher) })`: the same check before validation. */
export const resourceGuard = (resource: Pick<ResourceDecl, "menu" | "mainAdminOnly">) => (request: FastifyRequest) =>
  needResource(request, resource);
