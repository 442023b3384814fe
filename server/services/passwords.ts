import crypto from "node:crypto";
import { promisify } from "node:util";
import { hash as argon2Hash, parseOptions, verify as argon2Verify } from "@node-rs/argon2";
import type { Db } from "../db/database";
import { ApiError } from "../plugins/envelope";
import { HashGate } from "./hash-gate";

const scrypt = promisify(crypto.scrypt) as (
  pw: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP's first argon2id recommendation: m=19 MiB, t=2, p=1. Only the memory is configurable. */
const ARGON2_MEMORY_KIB = 19456;
const TIME_COST = 2;
const PARALLELISM = 1;
/** `Algorithm.Argon2id` of @node-rs/argon2, an ambient const enum that isolated modules cannot read. */
const ARGON2ID = 2;

export interface HashingPolicy {
  /** argon2id memory cost of new hashes; hashes below it are upgraded on the next sign-in. */
  memoryKiB: number;
  /** Hashes and verifications running at once. */
  concurrency: number;
  /** Hashes and verifications allowed to wait for a slot; past it a request gets a 429. */
  queue: number;
}

let policy: HashingPolicy = { memoryKiB: ARGON2_MEMORY_KIB, concurrency: 1, queue: 64 };
// One per process, not per app: the thread pool it protects is the process's.
const gate = new HashGate(policy.concurrency, policy.queue);

export function configureHashing(next: HashingPolicy): void {
  policy = { ...next };
  gate.resize(next.concurrency, next.queue);
}

/** How busy hashing is: what runs and what waits. */
export const hashingLoad = () => gate.load;

const normal = (password: string) => password.normalize("NFKC");

/** An argon2id PHC string (`$argon2id$v=19$m=…,t=2,p=1$salt$hash`): the cost travels with the hash. */
export function hashPassword(password: string, memoryKiB = policy.memoryKiB): Promise<string> {
  return gate.run(() => argon2Hash(normal(password), { memoryCost: memoryKiB, timeCost: TIME_COST, parallelism: PARALLELISM }));
}

/** Verifies an argon2id hash or one of the scrypt hashes (`scrypt$logN$r$p$salt$hash`) stored before it. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return gate.run(() => (stored.startsWith("scrypt$") ? verifyScrypt(password, stored) : verifyArgon2(password, stored)));
}

async function verifyArgon2(password: string, stored: string): Promise<boolean> {
  if (!stored.startsWith("$argon2")) return false;
  try {
    return await argon2Verify(stored, normal(password));
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(normal(password), Buffer.from(salt, "base64"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** True for scrypt hashes and for argon2 hashes weaker than the current policy. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith("$argon2")) return true;
  try {
    const o = parseOptions(stored);
    return (o.algorithm as number) !== ARGON2ID || o.memoryCost < policy.memoryKiB || o.timeCost < TIME_COST || o.parallelism < PARALLELISM;
  } catch {
    return true;
  }
}

/**
 * Verifies a sign-in and, when it is right and the stored hash is below the policy, stores a
 * fresh argon2id hash. The update is conditional on the old hash, so a password changed
 * meanwhile (a reset in another request) is never overwritten by the upgrade.
 */
export async function verifyAndUpgrade(db: Db, person: { id: number; password_hash: string }, password: string): Promise<boolean> {
  if (!(await verifyPassword(password, person.password_hash))) return false;
  if (!needsRehash(person.password_hash)) return true;
  try {
    const fresh = await hashPassword(password);
    await db.kysely
      .updateTable("persons")
      .set({ password_hash: fresh })
      .where("id", "=", person.id)
      .where("password_hash", "=", person.password_hash)
      .execute();
  } catch (err) {
    // A busy hashing queue only postpones the upgrade; the sign-in itself was right.
    if (!(err instanceof ApiError && err.status === 429)) throw err;
  }
  return true;
}

/** Spent on unknown accounts so a wrong mobile takes as long as a wrong password. */
const decoys = new Map<number, Promise<string>>();
export async function burnDecoy(password: string, memoryKiB = policy.memoryKiB): Promise<void> {
  let decoy = decoys.get(memoryKiB);
  if (!decoy) {
    decoy = hashPassword("decoy-password", memoryKiB);
    decoys.set(memoryKiB, decoy);
    // A refusal from a full queue must not stick as the decoy of every later sign-in.
    decoy.catch(() => decoys.delete(memoryKiB));
  }
  await verifyPassword(password, await decoy);
}

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = () => crypto.randomBytes(32).toString("base64url");
export const randomDigits = (n: number) => String(crypto.randomInt(0, 10 ** n)).padStart(n, "0");
