import crypto from "node:crypto";
import { developerAudit, developerMessages } from "../../../resources/developer/developer";
import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";

/**
 * An organisation's App Id and private key (3 §2.7, §7.7; issue 19 item 9).
 *
 * The key is shown again on request, so it cannot be kept as a hash: it is sealed with AES-256-GCM
 * (a random 12-byte nonce per seal; the organisation and App Id as associated data, so a sealed key
 * copied onto another organisation's or another App Id's row does not open) under a key derived by
 * HKDF-SHA256 from the server's secret (LECTERN_TOKEN_SECRET, else DATA_DIR/token-secret). A
 * database copied without the secret holds no usable key. Losing the secret makes the keys
 * unreadable; the screen then says so and a reset makes a new pair.
 */
export interface SealingKey {
  readonly key: Buffer;
}

/** The credentials' own key, derived from the server's secret so it is never used for anything else. */
export function sealingKey(serverSecret: Buffer): SealingKey {
  return { key: Buffer.from(crypto.hkdfSync("sha256", serverSecret, Buffer.alloc(0), "lectern developer key v1", 32)) };
}

const associated = (orgId: number, appId: string) => Buffer.from(`${orgId}:${appId}`, "utf8");

export function sealKey(sealing: SealingKey, orgId: number, appId: string, secret: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealing.key, nonce);
  cipher.setAAD(associated(orgId, appId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", nonce.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The key, or null for a seal that does not open under this server's secret (or was tampered with). */
export function openKey(sealing: SealingKey, orgId: number, appId: string, sealed: string): string | null {
  const [version, nonce, body, tag, extra] = sealed.split(".");
  if (version !== "v1" || !nonce || !body || !tag || extra !== undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealing.key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(associated(orgId, appId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new pair: a random guid, and 32 random bytes as the key (base64url, 43 characters). */
const newPair = () => ({ appId: crypto.randomUUID().replaceAll("-", ""), secret: crypto.randomBytes(32).toString("base64url") });

/**
 * The organisation's App Id, making its pair when it has none. Two first asks at once both insert;
 * the primary key keeps one, and both read that one back.
 */
export async function currentAppId(scope: OrgScope, sealing: SealingKey): Promise<string> {
  const row = await scope.selectFrom("developer_credentials").select("app_id").executeTakeFirst();
  if (row) return row.app_id;
  const { appId, secret } = newPair();
  const now = Date.now();
  await scope
    .insertInto("developer_credentials", { app_id: appId, key_sealed: sealKey(sealing, scope.orgId, appId, secret), generation: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("org_id").doNothing())
    .execute();
  return (await scope.selectFrom("developer_credentials").select("app_id").executeTakeFirstOrThrow()).app_id;
}

/** The private key, logged as seen (never the key itself: the log says who saw which App Id's key). */
export async function revealKey(scope: OrgScope, sealing: SealingKey): Promise<string> {
  await currentAppId(scope, sealing);
  return scope.transaction(async (tx) => {
    const row = await tx.selectFrom("developer_credentials").select(["app_id", "key_sealed", "generation"]).executeTakeFirstOrThrow();
    const secret = openKey(sealing, tx.orgId, row.app_id, row.key_sealed);
    if (secret === null) throw new ApiError(1, developerMessages.unreadable);
    await recordAudit(tx, { resource: developerAudit.resource, recordId: row.generation, action: "view", after: { AppId: row.app_id } });
    return secret;
  });
}

/**
 * A new App Id and key in place of the current ones, in one conditional update: from its commit on,
 * the old key is gone, and of two resets racing from one reading, one lands and the other is refused
 * (重置AppId失败！) rather than both passing for the one reset.
 */
export async function resetAppId(scope: OrgScope, sealing: SealingKey): Promise<string> {
  await currentAppId(scope, sealing);
  return scope.transaction(async (tx) => {
    const before = await tx.selectFrom("developer_credentials").select(["app_id", "generation"]).executeTakeFirstOrThrow();
    const { appId, secret } = newPair();
    const updated = await tx
      .updateTable("developer_credentials", { app_id: appId, key_sealed: sealKey(sealing, tx.orgId, appId, secret), generation: before.generation + 1, updated_at: Date.now() })
      .where("generation", "=", before.generation)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(1, developerMessages.resetFailed);
    await recordAudit(tx, { resource: developerAudit.resource, recordId: before.generation + 1, action: "update", before: { AppId: before.app_id }, after: { AppId: appId } });
    return appId;
  });
}

/** 13812345678 → 138****5678, as the screen shows a phone the code goes to. */
export const maskedMobile = (mobile: string) => (mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile);

/** The mobile of the organisation's main admin (role `admin`; a sub-admin is `subadmin`), where a reset's code goes. */
export async function mainAdminMobile(scope: OrgScope): Promise<string> {
  const row = await scope
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select("p.mobile")
    .where("i.role", "=", "admin")
    .orderBy("i.id")
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new ApiError(1, developerMessages.noMainAdmin);
  return row.mobile;
}
