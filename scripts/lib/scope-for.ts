import type { FastifyRequest } from "fastify";
import type { Db } from "../../server/db/database";
import { orgScope, type OrgScope } from "../../server/engine/org-scope";

/**
 * The organisation-scoped accessor for tests and benches, which call services directly with no
 * request in hand. The server itself never does this: a handler's scope comes from its session
 * (server/engine/org-scope.ts), so this lives outside server/, as a stand-in session of the
 * organisation's main admin.
 */
export function scopeFor(db: Db, orgId: number): OrgScope {
  const request = { auth: { sessionId: "", person: { id: 0, mobile: "", nickname: "", headimg: "" }, identity: { id: 0, orgId, role: "admin", type: "admin", name: "", userop: "[]", useropex: "[]" } } };
  return orgScope(request as unknown as FastifyRequest, db);
}
