import type { HostsConfig } from "../../providers/hosts";
import type { SessionState } from "../../providers/session-store";
import type { MockRoutes } from "../mock-api";

/** What a story declares about its screen; .storybook/preview.tsx stages it before each story. */
export interface ScreenParameters {
  /** Where the story's memory router starts (the last entry is the current page). */
  initialEntries?: string[];
  /** The server's answers for this story; anything else answers 404. */
  api?: MockRoutes;
  /** Latency of every answer, in ms (150 by default). */
  apiDelayMs?: number;
  /** Client-kept state the story starts from, e.g. the remembered phone or the identity chosen earlier. */
  session?: Partial<SessionState>;
  /** Host addresses other than "everything on the Storybook origin". */
  hosts?: Partial<HostsConfig>;
}
