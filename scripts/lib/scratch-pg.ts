import crypto from "node:crypto";
import pg from "pg";

async function run(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server `base` points at, named `<prefix>_<random>`, for
 * one test file or one bench run; `drop` removes it, ending whatever is still connected.
 */
export async function scratchPostgres(base: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await run(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(base, `drop database if exists ${name} with (force)`) };
}
