import type { FastifyRequest } from "fastify";
import { needIdentity } from "../../plugins/session";

/**
 * Statistics are the organisation's, so any admin identity (the main admin or a sub-admin)
 * reads them; teachers, assistants and students do not.
 */

/** `route(..., { guard })`: 401 without a session, 403 for anyone but an admin, before the query is judged. */
export const guard = (request: FastifyRequest) => needIdentity(request, "admin");

/** The organisation the admin acts for: every statistic is read for it alone. */
export const adminOrg = (request: FastifyRequest) => needIdentity(request, "admin").identity.orgId;
