import { hostKinds, type HostKind } from "../resources/kernel/endpoint";

/**
 * What `/config.json` answers: one base address per host kind, the application page, the live-room
 * site the room routes frame (LIVE_ROOM_URL, else the built-in room under /room), and where a live's
 * share links point with the customer type that picks their folder (resources/rooms/share-url.ts).
 */
export type HostsConfig = Record<HostKind, string> & { applyUrl: string; liveRoomUrl: string; shareBase: string; customerType: string };

const configTimeoutMs = 3000;

let current: HostsConfig | null = null;

function origin(): string {
  return typeof window === "undefined" ? "" : window.location.origin;
}

/** Every host on this page's origin: what a lone server or a failed config gives. */
export function fallbackHosts(): HostsConfig {
  const base = origin();
  const hosts = Object.fromEntries(hostKinds.map((kind) => [kind, base])) as Record<HostKind, string>;
  return { ...hosts, applyUrl: "/apply.html", liveRoomUrl: `${base}/room`, shareBase: base, customerType: "default" };
}

// A relative base ("" or "/prefix") keeps the page's origin, which is what lets the
// Vite dev server proxy the calls instead of the browser going cross-origin.
function normaliseBase(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim().replace(/\/+$/, "");
  if (trimmed === "" || trimmed.startsWith("/")) return origin() + trimmed;
  return trimmed;
}

function fromConfig(raw: unknown): HostsConfig {
  const base = fallbackHosts();
  if (!raw || typeof raw !== "object") return base;
  const record = raw as Record<string, unknown>;
  const hosts = Object.fromEntries(
    hostKinds.map((kind) => [kind, normaliseBase(record[kind], base[kind])]),
  ) as Record<HostKind, string>;
  const applyUrl = typeof record.applyUrl === "string" && record.applyUrl ? record.applyUrl : base.applyUrl;
  const shareBase = normaliseBase(record.shareBase, base.shareBase);
  const customerType = typeof record.customerType === "string" && record.customerType.trim() ? record.customerType.trim() : base.customerType;
  return { ...hosts, applyUrl, liveRoomUrl: normaliseBase(record.liveRoomUrl, base.liveRoomUrl), shareBase, customerType };
}

/**
 * Fetches `/config.json` once at start. A slow or missing config must not keep the
 * console from opening, so after ~3 s (or any failure) every host is this origin.
 */
export async function loadHosts(fetchImpl: typeof fetch = fetch): Promise<HostsConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), configTimeoutMs);
  try {
    const response = await fetchImpl("/config.json", { signal: controller.signal, credentials: "same-origin" });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    current = fromConfig(await response.json());
  } catch (error) {
    console.warn("[hosts] /config.json unavailable, using this origin for every host", error);
    current = fallbackHosts();
  } finally {
    clearTimeout(timer);
  }
  return current;
}

/** The loaded configuration; before `loadHosts` resolves (tests, stories) the fallback. */
export function getHosts(): HostsConfig {
  return current ?? fallbackHosts();
}

export function hostBase(kind: HostKind): string {
  return getHosts()[kind];
}

/** Lets tests and stories pin the hosts without a network. */
export function setHosts(config: Partial<HostsConfig> | null): void {
  current = config ? { ...fallbackHosts(), ...config } : null;
}
