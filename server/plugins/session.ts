import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/database";
import type { Role } from "../db/schema";
import { randomToken, sha256 } from "../services/passwords";
import { fail } from "./envelope";
import type { IdentityType } from "../../resources/auth/auth";

export const SESSION_COOKIE = "lectern_sid";
const SESSION_MS = 7 * 24 * 3600_000;
const TOUCH_MS = 60_000;

export interface Auth {
  sessionId: string;
  person: { id: number; mobile: string; nickname: string; headimg: string };
  identity: null | {
    id: number;
    orgId: number;
    role: Role;
    type: IdentityType;
    name: string;
    userop: string;
    useropex: string;
  };
}

declare module "fastify" {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export const typeOfRole = (role: Role): IdentityType => (role === "subadmin" ? "admin" : role);

/** Sessions live in the database so that any number of server processes share them. */
export async function startSession(db: Db, reply: FastifyReply, request: FastifyRequest, personId: number) {
  const token = randomToken();
  const now = Date.now();
  // From the first sign-in on, the mobile is the person's own: no organisation moves it (services/users.ts).
  await db.kysely.updateTable("persons").set({ first_sign_in_at: now }).where("id", "=", personId).where("first_sign_in_at", "is", null).execute();
  await db.kysely
    .insertInto("sessions")
    .values({ id: sha256(token), person_id: personId, identity_id: null, created_at: now, expires_at: now + SESSION_MS, last_seen_at: now })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: SESSION_MS / 1000,
  });
}

export async function endSession(db: Db, reply: FastifyReply, request: FastifyRequest) {
  if (request.auth) await db.kysely.deleteFrom("sessions").where("id", "=", request.auth.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

export async function endAllSessions(db: Db, personId: number) {
  await db.kysely.deleteFrom("sessions").where("person_id", "=", personId).execute();
}

async function loadAuth(db: Db, token: string): Promise<Auth | null> {
  const id = sha256(token);
  const row = await db.kysely
    .selectFrom("sessions as s")
    .innerJoin("persons as p", "p.id", "s.person_id")
    .leftJoin("identities as i", "i.id", "s.identity_id")
    .select([
      "s.id as sid", "s.expires_at", "s.last_seen_at", "p.id as pid", "p.mobile", "p.nickname", "p.headimg",
      "i.id as iid", "i.org_id", "i.role", "i.name", "i.userop", "i.useropex",
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
  const now = Date.now();
  if (!row || row.expires_at < now) return null;
  if (now - row.last_seen_at > TOUCH_MS)
    await db.kysely.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
  return {
    sessionId: row.sid,
    person: { id: row.pid, mobile: row.mobile, nickname: row.nickname, headimg: row.headimg },
    identity:
      row.iid == null || row.role == null
        ? null
        : {
            id: row.iid,
            orgId: row.org_id as number,
            role: row.role,
            type: typeOfRole(row.role),
            name: row.name ?? "",
            userop: row.userop ?? "[]",
            useropex: row.useropex ?? "[]",
          },
  };
}

async function session(app: FastifyInstance, opts: { db: Db }) {
  app.decorateRequest("auth", null);
  // Before validation, so that a route's guard can refuse a caller before judging its body.
  app.addHook("preValidation", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await loadAuth(opts.db, token) : null;
  });
}

export default fp(session, { name: "session", dependencies: ["@fastify/cookie"] });

/** A signed-in person, with or without a chosen identity. */
export function needPerson(request: FastifyRequest): Auth {
  if (!request.auth) throw fail.unauthorized();
  return request.auth;
}

/** A signed-in person acting as one of the given identity types. */
export function needIdentity(request: FastifyRequest, ...types: IdentityType[]): Auth & { identity: NonNullable<Auth["identity"]> } {
  const auth = needPerson(request);
  if (!auth.identity) throw fail.unauthorized();
  if (types.length && !types.includes(auth.identity.type)) throw fail.forbidden();
  return auth as Auth & { identity: NonNullable<Auth["identity"]> };
}
