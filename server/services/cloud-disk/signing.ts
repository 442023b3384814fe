import crypto from "node:crypto";
import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";

/** Who may send the bytes of one upload, until when (epoch ms). */
export interface UploadClaims {
  guid: string;
  orgId: number;
  identityId: number;
  expiresAt: number;
}

const b64 = (buf: Buffer) => buf.toString("base64url");

// Each kind of signature is made over its own prefix, so neither can stand for the other or for
// the tool pages' frame tokens made with the same key (services/tool-tokens.ts).
const mac = (key: Buffer, kind: string, body: string) => crypto.createHmac("sha256", key).update(`clouddisk-${kind}:${body}`).digest();

const sameMac = (given: string, expected: Buffer) => {
  const bytes = Buffer.from(given, "base64url");
  return bytes.length === expected.length && crypto.timingSafeEqual(bytes, expected);
};

/**
 * The token `/preupload` answers: `<claims>.<HMAC>`, both base64url. A tus request carries it
 * beside the session, so its bytes go to the one upload this identity was given, for as long as
 * an upload may take.
 */
export function signUpload(key: Buffer, claims: Omit<UploadClaims, "expiresAt">, now = Date.now()): string {
  const body = b64(Buffer.from(JSON.stringify({ ...claims, expiresAt: now + cloudDisk.uploadLifeMs })));
  return `${body}.${b64(mac(key, "upload", body))}`;
}

export function verifyUpload(key: Buffer, token: string, now = Date.now()): UploadClaims | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || !sameMac(signature, mac(key, "upload", body))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as UploadClaims;
    const valid = typeof claims.guid === "string" && Number.isInteger(claims.orgId) && Number.isInteger(claims.identityId) && claims.expiresAt > now;
    return valid ? claims : null;
  } catch {
    return null;
  }
}

/**
 * A signed, short-lived address of a stored file (`/mediaurlrq`): `?e=<expiry, epoch s>&s=<HMAC>`,
 * served without a session to whoever holds it until it expires.
 */
export function signedQuery(key: Buffer, name: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + cloudDisk.signedUrlSeconds;
  return `e=${expires}&s=${b64(mac(key, "file", `${name}:${expires}`))}`;
}

export function validSignature(key: Buffer, name: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
  if (typeof expires !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  return sameMac(signature, mac(key, "file", `${name}:${expires}`));
}
