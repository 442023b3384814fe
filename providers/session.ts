import { authApi, identityTypes, type IdentityType } from "../resources/auth/auth";
import { call, request, type Envelope } from "./http";

// The session's calls on the wire, with no state of their own: the one store that keeps their
// answers is providers/session-store.ts.

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
export async function askSession(): Promise<SessionCheck> {
  try {
    const envelope = await request(authApi.tryLogin, undefined, { authProbe: true });
    return { signedIn: envelope.code === 0, type: sessionType(envelope) };
  } catch {
    return { signedIn: false, type: null };
  }
}

export interface ServerMenuItem {
  key: string;
  label: string;
  /** The console route, e.g. "/teacherop". */
  path: string;
}

export interface ServerMenuGroup {
  key: string;
  label: string;
  items: ServerMenuItem[];
}

/** `GET /cms/loginrouter` data: sidebar groups in order, and the granted menu keys. */
export interface ServerMenu {
  groups: ServerMenuGroup[];
  keys: string[];
}

/** The signed-in identity's menu, with lists where the server left them out. */
export async function askMenu(): Promise<ServerMenu> {
  const menu = await call<Partial<ServerMenu> | null>(authApi.menu);
  return { groups: Array.isArray(menu?.groups) ? menu.groups : [], keys: Array.isArray(menu?.keys) ? menu.keys : [] };
}

/** Ends the session on the server; the server session expires on its own when it is unreachable. */
export async function askLogout(): Promise<void> {
  await request(authApi.logout).catch(() => undefined);
}
