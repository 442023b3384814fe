import crypto from "node:crypto";
import type { SignedOrg } from "../../engine/org-scope";

/** `<organisation>-<live>-<mac>`: the mac is base64url, whose alphabet an RTMP stream name keeps. */
const keyPattern = /^([1-9]\d{0,9})-([1-9]\d{0,11})-([A-Za-z0-9_-]{32})$/;

/** The 24-byte HMAC of a live's push, bound to its organisation and live; "rtmp-push" keeps it apart from every token signed with the same key. */
const macOf = (key: Buffer, orgId: number, liveId: number) => crypto.createHmac("sha256", key).update(`rtmp-push\n${orgId}\n${liveId}`).digest().subarray(0, 24).toString("base64url");

/**
 * A live's RTMP stream key (pushStreamType 1): stable, so an encoder is set up once, and
 * unguessable without the server's key; it names its live, so no table keeps it, and a key made
 * for one live opens no other (another live's numbers with it fail the mac).
 */
export function pushKeyOf(key: Buffer, orgId: number, liveId: number): string {
  return `${orgId}-${liveId}-${macOf(key, orgId, liveId)}`;
}

/** The live a stream key was made for, vouched for by its mac (`SignedOrg`, as a verified room token is), or null. */
export function verifyPushKey(key: Buffer, streamKey: string): ({ orgId: number; liveId: number } & SignedOrg) | null {
  const m = keyPattern.exec(streamKey);
  if (!m) return null;
  const orgId = Number(m[1]);
  const liveId = Number(m[2]);
  const given = Buffer.from(m[3]);
  const wanted = Buffer.from(macOf(key, orgId, liveId));
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return null;
  return { orgId, liveId } as { orgId: number; liveId: number } & SignedOrg;
}
