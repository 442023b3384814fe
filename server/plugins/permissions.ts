import type { FastifyRequest } from "fastify";
import type { ResourceDecl } from "../../resources/define";
import { menuKeysOf } from "../services/menu";
import { fail } from "./envelope";
import { needIdentity } from "./session";

type Guarded = Pick<ResourceDecl, "menu" | "mainAdminOnly">;

export interface GuardOptions {
  /**
   * Also admit a holder of one of the resource's `menu.alsoFor` keys: for the calls a page of that
   * menu makes (a course's lives, opened from /courseop, admit courseop).
   */
  alsoFor?: boolean;
}

/**
 * The server's half of access control (docs/architecture.md: the client hides, the server refuses).
 * A resource is guarded by its menu key: the main admin may use every one; a sub-admin only
 * those it was granted (or, for the calls that say so, one of the keys leading there) and never a
 * main-admin-only one; teachers, assistants and students none. No session is 401; any refusal is
 * 403 拒绝访问.
 */
export function needResource(request: FastifyRequest, resource: Guarded, options: GuardOptions = {}) {
  const auth = needIdentity(request, "admin");
  if (auth.identity.role === "admin") return auth;
  if (resource.mainAdminOnly) throw fail.forbidden();
  const held = menuKeysOf(auth.identity);
  const admitting = [resource.menu.key, ...(options.alsoFor ? (resource.menu.alsoFor ?? []) : [])];
  if (!admitting.some((key) => held.has(key))) throw fail.forbidden();
  return auth;
}

/** `route(..., { guard: resourceGuard(teacher) })`: the same check before validation. */
export const resourceGuard = (resource: Guarded, options?: GuardOptions) => (request: FastifyRequest) =>
  needResource(request, resource, options);
