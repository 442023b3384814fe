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
  return { url: url.toString(), drop: () => drop(base, name) };
}

/**
 * Drops the database once its connections are gone. A pool's end() resolves while its clients are
 * still saying goodbye; forcing the drop then makes the server terminate them, and each client
 * raises that as an error in whichever test file the process runs next (test workers keep their
 * process between files). So it waits, up to two seconds, and only then forces.
 */
async function drop(base: string, name: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (let waited = 0; waited < 2000; waited += 20) {
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
