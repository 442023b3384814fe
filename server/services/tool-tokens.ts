import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { tokenLifetimeSeconds } from "../../resources/tools/tools";
import type { Config } from "../config";
import type { SignedOrg } from "../engine/org-scope";

/** Who a frame token was issued to, and for what. */
export interface ToolClaims {
  orgId: number;
  /** The identity it was issued to; 0 for a share-link viewer of a live room, who has none. */
  identityId: number;
  tool: string;
  /** Seconds since the epoch after which the token is refused. */
  expiresAt: number;
  /**
   * What else the token is bound to, signed with the rest: a room token names its live, user type
   * and viewer (server/services/rooms/room-token.ts). Plain text and number values only.
   */
  bind?: Record<string, string | number>;
}

const b64 = (buf: Buffer) => buf.toString("base64url");

/**
 * The signing key: LECTERN_TOKEN_SECRET, else a random key kept in DATA_DIR/token-secret (made
 * on first use, readable by this user only). Processes sharing one PostgreSQL share DATA_DIR for
 * uploads already; ones that do not must be given the same LECTERN_TOKEN_SECRET.
 */
export function tokenSecret(config: Pick<Config, "tokenSecret" | "dataDir">): Buffer {
  if (config.tokenSecret) return Buffer.from(config.tokenSecret, "utf8");
  const file = path.join(config.dataDir, "token-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Written whole under a name of this process's own, then linked into place: a link appears
    // with its content or not at all, and fails if another process's key is already there, so of
    // processes starting together one key wins and none reads a file still being written.
    const mine = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(mine, b64(crypto.randomBytes(32)), { mode: 0o600 });
    try {
      fs.linkSync(mine, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(mine, { force: true });
    }
  }
  const key = fs.readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key; delete it to have a new one made`);
  return Buffer.from(key, "utf8");
}

/**
 * A frame token: `<claims>.<HMAC-SHA256 of claims>`, both base64url. Stateless, so any process
 * holding the key verifies it, and short-lived, since it travels in a frame's address.
 */
export function signToolToken(
  key: Buffer,
  claims: Omit<ToolClaims, "expiresAt">,
  now = Date.now(),
  lifetimeSeconds = tokenLifetimeSeconds,
): { token: string; claims: ToolClaims } {
  const full: ToolClaims = { ...claims, expiresAt: Math.floor(now / 1000) + lifetimeSeconds };
  // A nonce makes two tokens of the same second differ, so none can stand for another in a log.
  const body = b64(Buffer.from(JSON.stringify({ ...full, nonce: b64(crypto.randomBytes(9)) })));
  return { token: `${body}.${b64(crypto.createHmac("sha256", key).update(body).digest())}`, claims: full };
}

const plainBind = (v: unknown): v is Record<string, string | number> =>
  !!v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string" || (typeof x === "number" && Number.isFinite(x)));

/**
 * The claims of a well-signed, unexpired token; null for anything else. Its organisation is then
 * one this server vouched for (`SignedOrg`), which a room may take as a session's.
 */
export function verifyToolToken(key: Buffer, token: string, now = Date.now()): (ToolClaims & SignedOrg) | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = crypto.createHmac("sha256", key).update(body).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let parsed: Partial<ToolClaims>;
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<ToolClaims>;
  } catch {
    return null;
  }
  const { orgId, identityId, tool, expiresAt, bind } = parsed;
  if (!Number.isInteger(orgId) || !Number.isInteger(identityId) || typeof tool !== "string" || !Number.isInteger(expiresAt)) return null;
  if (bind !== undefined && !plainBind(bind)) return null;
  if ((expiresAt as number) * 1000 <= now) return null;
  const claims: ToolClaims = { orgId: orgId as number, identityId: identityId as number, tool, expiresAt: expiresAt as number, ...(bind ? { bind } : {}) };
  return claims as ToolClaims & SignedOrg;
}
