import dns from "node:dns";
import net from "node:net";

/**
 * Where a push may not go (server-side request forgery): loopback, private, link-local (cloud
 * metadata at 169.254.169.254 and fd00:ec2::254 included), shared, documentation, benchmark,
 * multicast and reserved ranges, and "this network". A name is resolved and every address it
 * resolves to is checked, on saving and again on delivering, and the delivery connects to the
 * address checked, so a name that changes its answer in between gains nothing.
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net6, prefix, "ipv6");

/** Whether an address is one a push may not reach; an IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as itself. */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6") || /^::ffff:/i.test(address);
  return true;
}

export type UrlVerdict = { ok: true; url: URL; address: string; family: number } | { ok: false; reason: "invalid" | "unresolved" | "private" };

/** Only http and https, with a host and no spaces; the URL object, or null. */
export function parsePushUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return null;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/**
 * Judges a push address: its form, then every address its host resolves to (unless the operator
 * allows private ones). Answers the first address to connect to, so the caller connects to what was checked.
 */
export async function checkPushUrl(text: string, allowPrivate: boolean, lookup: typeof dns.promises.lookup = dns.promises.lookup): Promise<UrlVerdict> {
  const url = parsePushUrl(text);
  if (!url) return { ok: false, reason: "invalid" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: "unresolved" };
  }
  if (!addresses.length) return { ok: false, reason: "unresolved" };
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) return { ok: false, reason: "private" };
  return { ok: true, url, address: addresses[0].address, family: addresses[0].family };
}
