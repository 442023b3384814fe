import type { PortalRoleName } from "../../../resources/portal/portal";

/** What every portal page is handed by the route table: whose area it renders in. */
export interface PortalPageProps {
  role: PortalRoleName;
}
