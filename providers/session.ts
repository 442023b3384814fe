import { authApi, identityTypes, type IdentityType } from "../resources/auth/auth";
import { request, type Envelope } from "./http";
import { sessionStore } from "./session-store";

/** The session's identity type from a trylogin answer; null when none is chosen (or no session). */
export function sessionType(envelope: Envelope): IdentityType | null {
  if (envelope.code !== 0) return null;
  const type = envelope.type;
  return typeof type === "string" && (identityTypes as readonly string[]).includes(type) ? (type as IdentityType) : null;
}

export interface SessionCheck {
  signedIn: boolean;
  /** null while signed in means an identity is still to be chosen on /identity. */
  type: IdentityType | null;
}

/**
 * Auto-login (1 §4): is there a session, and as whom? Unreachable counts as signed out.
 * The caller routes the visitor, so a 401 here does not also reload the page to /login.
 */
export async function trySession(): Promise<SessionCheck> {
  try {
    const envelope = await request(authApi.tryLogin, undefined, { authProbe: true });
    return { signedIn: envelope.code === 0, type: sessionType(envelope) };
  } catch {
    return { signedIn: false, type: null };
  }
}

/** Ends the session on the server and forgets it here, even when the server is unreachable. */
export async function endSession(): Promise<void> {
  try {
    await request(authApi.logout);
  } catch {
    // The local state must go regardless; the server session expires on its own.
  } finally {
    sessionStore.clear();
  }
}
