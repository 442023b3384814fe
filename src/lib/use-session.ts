import { useSyncExternalStore } from "react";
import { sessionStore, type SessionState } from "../../providers/session-store";

/** One slice of the client-kept session state, re-rendering when it changes. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(sessionStore.get()));
}
