import type { IdentityType } from "../resources/auth/auth";

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

let state: SessionState = initialState();
const listeners = new Set<() => void>();

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
    listeners.forEach((listener) => listener());
  },
  /** Re-reads localStorage (tests, or another tab having changed it). */
  reload(): void {
    state = initialState();
    listeners.forEach((listener) => listener());
  },
};
