import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, it } from "vitest";

/**
 * The README's "Adding an entity" steps, followed to the letter in a scratch copy of the repository
 * to add an organisation's invoice titles (发票抬头: a title and a taxpayer number, what an
 * organisation keeps to be invoiced for its recharges; not in the spec, so nothing real is
 * shadowed): the copy then answers the three calls (a server test run there) and type-checks. The
 * files it touched must be exactly the files the steps name, and its cost, in files and lines, is
 * printed and held to the README's figure.
 */

const repo = process.cwd();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-entity-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// The copy's own test run is a vitest of its own, not a worker of this one.
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST"))), NO_COLOR: "1" };
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: scratch, encoding: "utf8", env, stdio: "pipe" });
function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  fs.writeFileSync(path.join(scratch, file), text);
}
const read = (file: string) => fs.readFileSync(path.join(scratch, file), "utf8");
/** Inserts `line` after the last line matching `after`. */
function insertAfterLast(file: string, after: RegExp, line: string) {
  const lines = read(file).split("\n");
  const at = lines.reduce((last, candidate, index) => (after.test(candidate) ? index : last), -1);
  expect(at, `${file}: a line matching ${after}`).toBeGreaterThanOrEqual(0);
  lines.splice(at + 1, 0, line);
  write(file, lines.join("\n"));
}

/** The README's steps: each row of its table names a file, `<…>` standing for the entity's own words. */
function documentedSteps() {
  const readme = fs.readFileSync(path.join(repo, "README.md"), "utf8");
  const section = readme.split(/^## /m).find((part) => part.startsWith("Adding an entity\n"));
  if (!section) throw new Error('README.md has no "## Adding an entity" section');
  const rows = [...section.matchAll(/^\| (\d+) \| `([^`]+)` \|/gm)].map(([, step, file]) => ({ step: Number(step), file }));
  const cost = /cost (\d+) files and (\d+) lines/.exec(section);
  if (!rows.length || !cost) throw new Error("README.md: the steps are a table | n | `file` | …, followed by what they cost");
  const pattern = (file: string) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, "[^/]+")}$`);
  return { rows: rows.map((row) => ({ ...row, pattern: pattern(row.file) })), files: Number(cost[1]), lines: Number(cost[2]) };
}

/** A copy of the tracked files as they stand, with the repository's node_modules, under git to measure the change. */
function copyRepository() {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && fs.existsSync(path.join(repo, file)));
  for (const file of tracked) fs.cpSync(path.join(repo, file), path.join(scratch, file), { recursive: false });
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(scratch, "node_modules"));
  run("git", ["init", "-q"]);
  run("git", ["add", "-A"]);
  run("git", ["-c", "user.name=scratch", "-c", "user.email=scratch@example.invalid", "commit", "-qm", "before"]);
}

it("adds the invoice titles by the README's steps: the calls answer, the copy type-checks, at the documented cost", { timeout: 600_000 }, async () => {
  const started = Date.now();
  const steps = documentedSteps();
  copyRepository();

  // Step 1: the migration, the next free number.
  const numbers = fs.readdirSync(path.join(scratch, "server/db/migrations")).map((file) => /^(\d{4})-/.exec(file)?.[1]).filter(Boolean).map(Number);
  const migration = `${String(Math.max(...numbers) + 1).padStart(4, "0")}-invoice-titles`;
  write(`server/db/migrations/${migration}.ts`, entity.migration);
  // Step 2: listed in the migrator.
  insertAfterLast("server/db/migrate.ts", /^import \* as m\d{4} from/, `import * as mInvoiceTitles from "./migrations/${migration}";`);
  insertAfterLast("server/db/migrate.ts", /^ {2}"\d{4}-[^"]+": m\d{4},$/, `  "${migration}": mInvoiceTitles,`);
  // Step 3: the row types, generated.
  run("npm", ["run", "--silent", "db:types"]);
  // Step 4: the form schema, in the feature's folder.
  write("schemas/billing/invoice-title.create.schema.json", entity.schema);
  // Step 5: the declaration, with its table; step 6: listed.
  write("resources/billing/invoice-title.ts", entity.declaration);
  insertAfterLast("resources/index.ts", /^import \w+ from "\.\/[\w/-]+";$/, 'import invoiceTitle from "./billing/invoice-title";');
  insertAfterLast("resources/index.ts", /^ {2}\w+,$/, "  invoiceTitle,");

  run("git", ["add", "-A"]);
  const changed = run("git", ["diff", "--cached", "--numstat"]).trim().split("\n").map((line) => {
    const [added, removed, file] = line.split("\t");
    return { file: file!, added: Number(added), removed: Number(removed) };
  });
  const files = changed.length;
  const lines = changed.reduce((sum, change) => sum + change.added, 0);
  console.log(`adding an entity (invoice titles): ${files} files, ${lines} lines added, ${changed.reduce((sum, c) => sum + c.removed, 0)} removed`);
  for (const change of changed) console.log(`  +${change.added} -${change.removed} ${change.file}`);

  // Every file touched is a step of the README, and every step of the README was needed.
  const stepOf = (file: string) => steps.rows.find((row) => row.file === file) ?? steps.rows.find((row) => row.pattern.test(file));
  for (const change of changed) expect(stepOf(change.file), `${change.file}: touched, but no step of the README names it`).toBeDefined();
  for (const row of steps.rows) expect(changed.some((change) => stepOf(change.file) === row), `README step ${row.step} (${row.file}) was not needed`).toBe(true);
  expect({ files, lines }).toEqual({ files: steps.files, lines: steps.lines });

  // The copy answers the calls (a server test run in it) and type-checks what the steps touched.
  const made = Date.now();
  write("tests/billing/server/invoice-title.test.ts", entity.test);
  expect(stripVTControlCharacters(run("node_modules/.bin/vitest", ["run", "--project", "server", "tests/billing/server/invoice-title.test.ts"]))).toMatch(/Tests\s+1 passed/);
  const answered = Date.now();
  write("tsconfig.entity.json", JSON.stringify({ extends: "./tsconfig.json", include: [...changed.map((change) => change.file).filter((file) => file.endsWith(".ts")), "tests/billing/server/invoice-title.test.ts"] }));
  run("node_modules/.bin/tsc", ["-p", "tsconfig.entity.json", "--noEmit"]);
  const secs = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(`adding an entity: ${secs(started, Date.now())} (copy and steps ${secs(started, made)}, the calls ${secs(made, answered)}, tsc ${secs(answered, Date.now())})`);
});

/** What a person writes for the entity: the files of the steps, as they would be written. */
const entity = {
  migration: `import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The titles an organisation is invoiced under for its recharges (发票抬头: title, taxpayer number).
 * The index serves the list: one organisation's titles, in the order they were added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("invoice_titles"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("title", "varchar(50)", (c) => c.notNull())
    .addColumn("taxno", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_titles_list").on("invoice_titles").columns(["org_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invoice_titles").execute();
}
`,
  schema: `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "invoice-title.create",
  "title": "添加发票抬头",
  "$comment": "An invoice title {title, taxno}: the title as registered, the 15 to 20 letters and digits of a unified social credit code or an older taxpayer number.",
  "type": "object",
  "properties": {
    "title": {
      "type": "string",
      "title": "发票抬头",
      "minLength": 1,
      "maxLength": 50,
      "pattern": "\\\\S",
      "errorMessage": { "minLength": "请输入发票抬头", "maxLength": "发票抬头不能超过50字", "pattern": "请输入发票抬头" }
    },
    "taxno": {
      "type": "string",
      "title": "税号",
      "pattern": "^[0-9A-Z]{15,20}$",
      "errorMessage": { "pattern": "请输入正确的税号" }
    }
  },
  "required": ["title", "taxno"],
  "errorMessage": { "required": { "title": "请输入发票抬头", "taxno": "请输入税号" } }
}
`,
  declaration: `import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";

/** Invoice titles (发票抬头): a list with add and delete, for the recharges' invoices. */
export default defineResource({
  name: "invoiceTitle",
  noun: "发票抬头",
  title: "发票抬头",
  route: "/invoiceTitle",
  menu: { group: "account", key: "rechargerecord" },
  api: {
    list: ep("GET /cms/invoicetitle"),
    create: ep("POST /cms/invoicetitle"),
    remove: ep("DELETE /cms/invoicetitle"),
  },
  id: "id",
  label: "title",
  columns: [
    { field: "title", title: "发票抬头" },
    { field: "taxno", title: "税号" },
  ],
  actions: ["delete"],
  forms: { create: "invoice-title.create" },
  table: {
    name: "invoice_titles",
    columns: [
      { column: "id", wire: "id" },
      { column: "title", wire: "title", from: { form: "title" } },
      { column: "taxno", wire: "taxno", from: { form: "taxno" } },
      { column: "created_at", from: "created" },
      { column: "updated_at", from: "updated" },
    ],
    order: [{ column: "created_at" }],
  },
});
`,
  test: `import { afterAll, beforeAll, expect, it } from "vitest";
import invoiceTitle from "../../../resources/billing/invoice-title";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

const api = async (endpoint: Endpoint | undefined, params: Record<string, unknown> = {}) => (await call(s.app, admin, endpoint!, params)).body;

it("lists, adds, refuses by the schema's words, and deletes invoice titles", async () => {
  const { list, create, remove } = invoiceTitle.api;
  expect(await api(list)).toMatchObject({ code: 0, data: [] });
  const refused = await api(create, { title: "示例学校" });
  expect([refused.code === 0, refused.msg]).toEqual([false, "请输入税号"]);
  expect((await api(create, { title: "示例学校", taxno: "123" })).msg).toBe("请输入正确的税号");
  const added = await api(create, { title: "示例学校", taxno: "91110108MA01ABCD2X" });
  expect(added).toMatchObject({ code: 0, data: { title: "示例学校", taxno: "91110108MA01ABCD2X" } });
  expect((await api(list)).data).toEqual([added.data]);
  expect(await api(remove, { id: (added.data as { id: number }).id })).toMatchObject({ code: 0 });
  expect((await api(list)).data).toEqual([]);
});
`,
};
