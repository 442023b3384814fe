import crypto from "node:crypto";
import os from "node:os";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { ApiError } from "../../../server/plugins/envelope";
import {
  burnDecoy,
  configureHashing,
  hashingLoad,
  hashPassword,
  needsRehash,
  verifyAndUpgrade,
  verifyPassword,
} from "../../../server/services/passwords";
import { startSignedIn, type TestServer } from "../../kernel/server/helpers";

const CHEAP = 64;
const cheap = { memoryKiB: CHEAP, concurrency: 1, queue: 64 };

/** A hash as the scrypt releases stored it: `scrypt$logN$r$p$salt$hash`. */
function oldScrypt(password: string, logN = 10): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password.normalize("NFKC"), salt, 32, { N: 2 ** logN, r: 8, p: 1 });
  return ["scrypt", logN, 8, 1, salt.toString("base64"), hash.toString("base64")].join("$");
}

const settled = (promises: Promise<unknown>[]) => Promise.allSettled(promises);
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as ApiError);

describe("password hashes", () => {
  beforeAll(() => configureHashing(cheap));

  it("stores argon2id at OWASP's first recommendation in a PHC string", async () => {
    const stored = await hashPassword("abc123", 19456);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("abc123", stored)).toBe(true);
    expect(await verifyPassword("abc124", stored)).toBe(false);
    expect(loadConfig({}).passwordMemoryKiB).toBe(19456);
  });

  it("normalises to NFKC, so a full-width password is the same password", async () => {
    expect(await verifyPassword("ａｂｃ１２３", await hashPassword("abc123"))).toBe(true);
    expect(await verifyPassword("ａｂｃ１２３", oldScrypt("abc123"))).toBe(true);
  });

  it("still verifies the scrypt hashes stored before, and matches nothing against a malformed hash", async () => {
    const old = oldScrypt("demo1234");
    expect(await verifyPassword("demo1234", old)).toBe(true);
    expect(await verifyPassword("demo12345", old)).toBe(false);
    for (const junk of ["", "scrypt$", "$argon2id$v=19$m=64,t=2,p=1$bad", "plain"]) expect(await verifyPassword("demo1234", junk)).toBe(false);
  });

  it("asks for a rehash of scrypt and of argon2 weaker than the policy", async () => {
    configureHashing({ ...cheap, memoryKiB: 19456 });
    try {
      expect(needsRehash(oldScrypt("x"))).toBe(true);
      expect(needsRehash(await hashPassword("x", CHEAP))).toBe(true);
      expect(needsRehash(await hashPassword("x", 19456))).toBe(false);
      // argon2i at the same cost is not argon2id.
      expect(needsRehash("$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$mN1dR5ecQXWA6Eve4S0+ujGgsx1CyldnNpDWBz8Y0xw")).toBe(true);
      expect(needsRehash("$argon2id$v=19$m=19456,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$mN1dR5ecQXWA6Eve4S0+ujGgsx1CyldnNpDWBz8Y0xw")).toBe(true);
    } finally {
      configureHashing(cheap);
    }
  });

  it("keeps the hashing concurrency at least two threads below libuv's pool", () => {
    expect(loadConfig({}).hashConcurrency).toBe(Math.min(os.availableParallelism(), 2));
    expect(loadConfig({ UV_THREADPOOL_SIZE: "3", LECTERN_HASH_CONCURRENCY: "4" }).hashConcurrency).toBe(1);
    expect(loadConfig({ UV_THREADPOOL_SIZE: "8", LECTERN_HASH_CONCURRENCY: "4" }).hashConcurrency).toBe(4);
    expect(loadConfig({ UV_THREADPOOL_SIZE: "8", LECTERN_HASH_CONCURRENCY: "9" }).hashConcurrency).toBe(6);
  });
});

describe("upgrade at sign-in", () => {
  let s: TestServer;
  beforeAll(async () => {
    ({ s } = await startSignedIn());
    configureHashing(cheap);
  });
  afterAll(() => s.close());

  const person = (mobile: string) => s.db.kysely.selectFrom("persons").select(["id", "password_hash"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
  const setHash = (id: number, password_hash: string) => s.db.kysely.updateTable("persons").set({ password_hash }).where("id", "=", id).execute();

  it("replaces a right scrypt password by argon2id, and leaves it alone on a wrong one", async () => {
    const { id } = await person("13800000001");
    const old = oldScrypt("demo1234");
    await setHash(id, old);

    expect(await verifyAndUpgrade(s.db, { id, password_hash: old }, "wrong-one")).toBe(false);
    expect((await person("13800000001")).password_hash).toBe(old);

    expect(await verifyAndUpgrade(s.db, { id, password_hash: old }, "demo1234")).toBe(true);
    const upgraded = (await person("13800000001")).password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=64,t=2,p=1\$/);
    expect(await verifyAndUpgrade(s.db, { id, password_hash: upgraded }, "demo1234")).toBe(true);
    expect((await person("13800000001")).password_hash).toBe(upgraded);
  });

  it("does not overwrite a password changed between the check and the upgrade", async () => {
    const { id } = await person("13800000002");
    const old = oldScrypt("demo1234");
    await setHash(id, old);
    const changed = await hashPassword("new-pass-1");
    await setHash(id, changed); // a reset landed while this sign-in was being checked
    expect(await verifyAndUpgrade(s.db, { id, password_hash: old }, "demo1234")).toBe(true);
    expect((await person("13800000002")).password_hash).toBe(changed);
  });

  it("upgrades argon2id below the policy once the policy is raised", async () => {
    const { id, password_hash } = await person("13800000003");
    expect(password_hash).toMatch(/m=64,/);
    configureHashing({ ...cheap, memoryKiB: 128 });
    try {
      expect(await verifyAndUpgrade(s.db, { id, password_hash }, "demo1234")).toBe(true);
      expect((await person("13800000003")).password_hash).toMatch(/^\$argon2id\$v=19\$m=128,t=2,p=1\$/);
    } finally {
      configureHashing(cheap);
    }
  });
});

describe("the hashing queue", () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => ({ s, admin } = await startSignedIn()));
  afterAll(() => {
    configureHashing(cheap);
    return s.close();
  });

  it("refuses past its bound with 系统繁忙 (429) instead of queueing forever, decoys included", async () => {
    configureHashing({ memoryKiB: 19456, concurrency: 1, queue: 3 });
    const stored = await hashPassword("abc123");
    const results = await settled([
      ...Array.from({ length: 6 }, () => verifyPassword("abc123", stored)),
      ...Array.from({ length: 4 }, () => burnDecoy("guess")),
    ]);
    const refused = refusals(results);
    // One running and three waiting are judged; the other six are refused at once.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(refused).toHaveLength(6);
    for (const err of refused) expect(err).toMatchObject({ code: 429, status: 429, message: "系统繁忙，请稍后再试" });
    expect(hashingLoad()).toEqual({ active: 0, waiting: 0 });
    // Refusals leave no debt: the next check runs.
    expect(await verifyPassword("abc123", stored)).toBe(true);
  });

  it("does not hold up a request that does not hash, compressed answers included", async () => {
    configureHashing({ memoryKiB: 19456, concurrency: 1, queue: 200 });
    const stored = await hashPassword("abc123");
    const list = () => s.app.inject({ url: "/cms/student?page=1&count=10", headers: { cookie: admin, "accept-encoding": "gzip" } });
    expect((await list()).headers["content-encoding"]).toBe("gzip");

    let judged = 0;
    const flood = settled(Array.from({ length: 150 }, () => verifyPassword("wrong", stored).finally(() => judged++)));
    // Ten list reads, each compressed on the thread pool the hashing uses, all answered while
    // most of the flood still waits: they never queued behind it (unbounded, they would have).
    for (let i = 0; i < 10; i++) expect(JSON.parse(zlib.gunzipSync((await list()).rawPayload).toString()).code).toBe(0);
    expect(judged).toBeLessThan(75);
    expect(refusals(await flood)).toHaveLength(0);
  });
});
