import { LiveListFrame } from "./live-list-frame";

/** /liveop (2 §2): every live of the organisation, searchable, with the row operations. */
export function LiveListPage() {
  return <LiveListFrame />;
}
