import { useSyncExternalStore } from "react";
import type { IdentityType } from "../resources/auth/auth";
import { askLogout, askMenu, askSession, type ServerMenu, type SessionCheck } from "./session";

/** `GET /api/v1/user-info` data. */
export interface UserInfo {
  name?: string;
  nickname?: string;
  mobile?: string;
  headimg?: string;
  group?: { id: number; name: string } | null;
  type?: string;
}

export interface IdentityInfo {
  id: number;
  name: string;
  type: IdentityType;
}

/** The client-kept state of 1 §3. */
export interface SessionState {
  adminInfo: UserInfo | null;
  identityInfo: IdentityInfo | null;
  /** 0 student, 1 teacher, 2 assistant, 3 admin; survives reloads. */
  userType: number;
  userInfo: UserInfo | null;
  curBalance: number | null;
  curGroupName: string;
  /** The last mobile that signed in; survives reloads. */
  phone: string;
}

const storageKeys = { userType: "userType", phone: "phone" } as const;
const defaultUserType = 1;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (private modes, sandboxed frames).
    return null;
  }
}

function readPersisted(): Pick<SessionState, "userType" | "phone"> {
  const store = storage();
  const rawType = store?.getItem(storageKeys.userType);
  const userType = rawType !== null && rawType !== undefined && /^[0-3]$/.test(rawType) ? Number(rawType) : defaultUserType;
  return { userType, phone: store?.getItem(storageKeys.phone) ?? "" };
}

function initialState(): SessionState {
  return {
    adminInfo: null,
    identityInfo: null,
    userInfo: null,
    curBalance: null,
    curGroupName: "",
    ...readPersisted(),
  };
}

/** Where the signed-in identity's menu (`GET /cms/loginrouter`) is: it decides the sidebar and every access check. */
export type MenuState = { status: "idle" | "loading" | "failed" } | { status: "ready"; menu: ServerMenu };

let state: SessionState = initialState();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// The session as the server knows it, asked once per page load (as the entry runs, beside the
// console's code, docs/architecture.md "The shell paints first") and kept while it holds: the
// early frame, the shells, the auth provider and the access control all read this one answer, and
// an admin's menu is asked right behind it. An answer of no session is not kept: the visitor is
// sent to sign in, and the sign-in pages must see a session begun since.
let check: Promise<SessionCheck> | null = null;
let checked: SessionCheck | undefined;
let menu: Promise<ServerMenu> | null = null;
let menuState: MenuState = { status: "idle" };

function setMenuState(next: MenuState): void {
  menuState = next;
  notify();
}

function loadMenu(): Promise<ServerMenu> {
  if (menu) return menu;
  const asked = askMenu();
  menu = asked;
  setMenuState({ status: "loading" });
  asked.then(
    (loaded) => menu === asked && setMenuState({ status: "ready", menu: loaded }),
    () => {
      if (menu !== asked) return;
      // The next asker (a 重试) asks again.
      menu = null;
      setMenuState({ status: "failed" });
    },
  );
  return asked;
}

/** Forgets what the server said about the session (signing in or out, choosing an identity changes it). */
function forgetSession(): void {
  check = null;
  checked = undefined;
  menu = null;
  menuState = { status: "idle" };
}

function persist(patch: Partial<SessionState>): void {
  const store = storage();
  if (!store) return;
  if (patch.userType !== undefined) store.setItem(storageKeys.userType, String(patch.userType));
  if (patch.phone !== undefined) store.setItem(storageKeys.phone, patch.phone);
}

export const sessionStore = {
  get(): SessionState {
    return state;
  },
  set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    persist(patch);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Signing out forgets who was signed in; the remembered phone and userType stay. */
  clear(): void {
    const { userType, phone } = state;
    state = { ...initialState(), userType, phone };
    forgetSession();
    notify();
  },
  /** Re-reads localStorage (tests, or another tab having changed it) and forgets the session's answers. */
  reload(): void {
    state = initialState();
    forgetSession();
    notify();
  },

  /**
   * Is there a session, and as whom (1 §4)? One request however many ask; kept once it finds one.
   * `fresh` asks the server again (the sign-in page's auto-login, Refine's `check`), and keeps that.
   */
  check({ fresh = false } = {}): Promise<SessionCheck> {
    if (fresh) forgetSession();
    if (check) return check;
    const asked = askSession().then((answer) => {
      if (check !== asked) return answer;
      if (!answer.signedIn) check = null;
      else {
        checked = answer;
        if (answer.type === "admin") void loadMenu().catch(() => undefined);
      }
      notify();
      return answer;
    });
    check = asked;
    return asked;
  },
  /** The kept answer of the session check, once it is in. */
  checked(): SessionCheck | undefined {
    return checked;
  },
  /** Signing in or choosing an identity: the next check asks the server again. */
  recheck(): void {
    forgetSession();
    notify();
  },
  /** Ends the session on the server and forgets it here, even when the server is unreachable. */
  async end(): Promise<void> {
    await askLogout();
    sessionStore.clear();
  },

  /** The signed-in identity's menu: the one asked right behind an admin's check, else asked now. */
  menu(): Promise<ServerMenu> {
    return loadMenu();
  },
  menuState(): MenuState {
    return menuState;
  },
};

/** One slice of the session, re-rendering when it changes. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(sessionStore.get()));
}
