import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/database";
import { portalMessages } from "../../../resources/portal/portal";
import { sha256 } from "../../services/passwords";
import { ApiError } from "../../plugins/envelope";
import { typeOfRole, type Auth } from "../../plugins/session";

/** A calendar secret as made by randomToken(): 32 random bytes, base64url. */
const SECRET = /^([A-Za-z0-9_-]{43})\.ics$/;

const gone = () => new ApiError(404, portalMessages.feedGone, 404);

/**
 * The calendar feed's credential (issue 11 item 5). A calendar app fetches the secret address with
 * no session, so the secret stands where the session cookie stands elsewhere: like the session
 * plugin, this reads the identity it names across organisations (by the secret's hash, which is
 * unique), and makes it the request's `auth` for that one read-only route. From there the route's
 * queries go through `orgScope(request, db)` as any other, held to that identity's organisation.
 * Only a portal identity (teacher, assistant, student) ever has an address; anything else is 404.
 */
export async function authByFeedAddress(db: Db, request: FastifyRequest): Promise<Auth> {
  const match = SECRET.exec(String((request.params as { file?: unknown }).file ?? ""));
  if (!match) throw gone();
  const row = await db.kysely
    .selectFrom("calendar_feeds as f")
    .innerJoin("identities as i", (join) => join.onRef("i.id", "=", "f.identity_id").onRef("i.org_id", "=", "f.org_id"))
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["p.id as pid", "p.mobile", "p.nickname", "p.headimg", "i.id as iid", "i.org_id", "i.role", "i.name", "i.userop", "i.useropex"])
    .where("f.secret_hash", "=", sha256(match[1]))
    .where("i.role", "in", ["teacher", "assistant", "student"])
    .executeTakeFirst();
  if (!row) throw gone();
  return {
    sessionId: "",
    person: { id: row.pid, mobile: row.mobile, nickname: row.nickname, headimg: row.headimg },
    identity: { id: row.iid, orgId: row.org_id, role: row.role, type: typeOfRole(row.role), name: row.name, userop: row.userop, useropex: row.useropex },
  };
}
