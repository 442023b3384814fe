import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  pw: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LEN = 32;

/** `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`: the cost travels with the hash, so it can be raised later. */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** logN;
  const hash = await scrypt(password.normalize("NFKC"), salt, KEY_LEN, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
  return ["scrypt", logN, 8, 1, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Spent on unknown accounts so a wrong mobile takes as long as a wrong password. */
let decoy: Promise<string> | null = null;
export async function burnDecoy(password: string, logN: number): Promise<void> {
  decoy ??= hashPassword("decoy-password", logN);
  await verifyPassword(password, await decoy);
}

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = () => crypto.randomBytes(32).toString("base64url");
export const randomDigits = (n: number) => String(crypto.randomInt(0, 10 ** n)).padStart(n, "0");
