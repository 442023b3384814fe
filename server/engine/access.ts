import type { FastifyRequest } from "fastify";
import type { Access } from "../../resources/kernel/call";
import { needAnyMenu } from "../plugins/permissions";
import { needIdentity, needPerson } from "../plugins/session";

/** A credential other than the session: throws 401/403/404 in the envelope, or makes the request's `auth`. */
export type CredentialCheck = (request: FastifyRequest) => unknown;

/**
 * The one place a declared call's access is resolved (issue 17 item 2), run before validation.
 * Handlers do not check permissions themselves: what they are handed has passed this.
 */
export function accessCheck(access: Access, credentials: ReadonlyMap<string, CredentialCheck>): ((request: FastifyRequest) => unknown) | undefined {
  switch (access.kind) {
    case "public":
      return undefined;
    case "person":
      return (request) => void needPerson(request);
    case "identity":
      return (request) => void needIdentity(request, ...access.types);
    case "menu":
      return (request) => void needAnyMenu(request, access.keys, access.mainAdminOnly);
    case "credential": {
      const check = credentials.get(access.name);
      if (!check) throw new Error(`no feature resolves the credential "${access.name}"`);
      return check;
    }
  }
}
