import { portalUserTypes, type PortalRoleName } from "../../../resources/portal/portal";

/** What every portal page is handed by the route table: whose area it renders in. */
export interface PortalPageProps {
  role: PortalRoleName;
}

/** The role of a user type on the wire (2 §6). */
export const portalRoleOf = (userType: number): PortalRoleName =>
  (Object.keys(portalUserTypes) as PortalRoleName[]).find((role) => portalUserTypes[role] === userType) ?? "student";
