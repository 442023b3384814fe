import crypto from "node:crypto";

/**
 * A delivery's signature: HMAC-SHA256, hex, of `${timestamp}.${body}` with the organisation's push
 * secret. The timestamp (epoch ms, its own header) is part of what is signed, so a receiver that
 * refuses old timestamps cannot be fed a recorded delivery again.
 */
export const pushSignature = (secret: string, timestamp: number | string, body: string): string =>
  crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** What a receiver does: the signature matches and the timestamp is within `toleranceMs` of now. */
export function verifyPushSignature(secret: string, timestamp: string, body: string, signature: string, now = Date.now(), toleranceMs = 5 * 60_000): boolean {
  const expected = Buffer.from(pushSignature(secret, timestamp, body), "hex");
  const given = Buffer.from(signature, "hex");
  return Math.abs(now - Number(timestamp)) <= toleranceMs && given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A new organisation secret: 32 random bytes, hex. */
export const newPushSecret = () => crypto.randomBytes(32).toString("hex");
