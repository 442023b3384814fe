import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { generatedFile } from "../../../server/db/table-types";

/**
 * Tenancy by construction: outside server/engine, no route, service or hook reaches an
 * organisation's rows except through the organisation-scoped accessor (server/engine/org-scope.ts).
 * The accessor's types already refuse an organisation table through `scope.shared`, so what is left
 * to check is the code around it, by reading the source (TypeScript's parser, no type checking):
 *
 * 1. `.kysely` (the unscoped database) is named only in the files listed below, each with its reason;
 * 2. in those files, a query on an organisation's table (selectFrom, insertInto, updateTable,
 *    deleteFrom) is one listed with its reason;
 * 3. no raw `sql` template reads or writes an organisation's table, except as listed;
 * 4. no code is typed over the whole database (`Kysely<Database>`, `Transaction<Database>`), which
 *    would hand someone the unscoped tables by another name.
 *
 * A new exception is a decision, made by adding it here with its reason.
 */

const root = path.resolve(__dirname, "../../..");
const scanned = ["server/features", "server/services", "server/hooks"];

/** Tables whose rows belong to one organisation through a parent, though they carry no org_id. */
const childTables = ["course_students", "live_staff", "attendance"];

/** Files that may name `.kysely`, and why. */
const unscopedFiles: Record<string, string> = {
  "server/features/platform/platform.ts": "the health check's `select 1` reads no table",
  "server/features/auth/sign-in.ts": "sign-in finds a person by mobile before any organisation is chosen",
  "server/features/auth/registration.ts": "registration and password retrieval are the person's, by mobile, across organisations",
  "server/features/auth/identity.ts": "a signed-in person lists and chooses among its identities in every organisation",
  "server/services/codes.ts": "SMS and captcha codes belong to a mobile, not an organisation",
  "server/services/login-guards.ts": "sign-in guards count failures per mobile and address, across organisations",
  "server/services/password-sign-in.ts": "a password sign-in finds the person by mobile",
  "server/services/passwords.ts": "rehashing a person's password on sign-in",
  "server/services/cleanup.ts": "the cleanup job spans every organisation and is no request handler",
  "server/services/cloud-disk/jobs.ts": "the cloud disk's conversion and sweep jobs span every organisation and are no request handlers",
  "server/services/rooms/room-jobs.ts": "the rooms' jobs (heartbeat, dead processes' visits, live states, absents) span every organisation and are no request handler",
  "server/services/media/media-jobs.ts": "the media jobs run with no request: each query names the job's own organisation, and the recycle bin's purge spans every organisation",
  "server/services/rooms/concurrency.ts": "the rooms' per-minute concurrency job spans every organisation and is no request handler",
  "server/services/rooms/bus.ts": "the room bus relays events by id through room_relay, which belongs to no organisation",
  "server/services/billing/recharge.ts":
    "a payment provider's notify and the sandbox's order page carry no session: the order is found by its trade number, after the notify's signature or the page address's was verified",
  "server/services/billing/rating.ts": "the rating job spans every organisation and is no request handler: each query names the organisation it rates",
  "server/services/billing/alerts.ts": "the low-balance job runs with no request: each query names the job's own organisation",
  "server/services/certification/approve.ts": "a platform operator's approval (npm run certify) has no session: the operator names the organisation",
  "server/services/reminders/reminder-job.ts": "the smart reminders' job spans every organisation whose service is on and is no request handler: each query names the organisation it reminds for",
  "server/services/reminders/smart-service.ts":
    "enabling the smart reminder service charges the session's own organisation through the ledger (moveBalance takes the database), in one transaction with its switch",
  "server/services/organisations.ts": "making a new organisation (npm run create-organisation) happens before there is any organisation to be scoped to",
  "server/services/rooms/share-access.ts": "a share-link viewer has no session: the live is named by its unguessable guid, and every further query reads that one live's rows by its id",
  "server/features/portal/feed-credential.ts":
    "a calendar app fetches the feed with no session: the identity is found by its secret's hash, across organisations, and becomes the request's auth",
};

/** Queries on organisation tables through `.kysely`, by file and table, and why. */
const unscopedQueries: Record<string, Record<string, string>> = {
  "server/features/auth/identity.ts": { identities: "the identities of the signed-in person, in every organisation, to choose one" },
  "server/services/cloud-disk/jobs.ts": {
    cloud_objects: "office documents waiting for conversion, and uploads left behind, in every organisation",
    uploads: "the quota rows of the files the sweep removes",
  },
  "server/services/rooms/room-jobs.ts": {
    room_visits: "touching this process's visits and closing dead processes', in every organisation",
    lives: "live states by the clock and the ended lives to close, in every organisation",
    attendance: "the attendance of a dead process's visitor, for the live of that visit",
  },
  "server/services/media/media-jobs.ts": {
    media_files: "the video a transcode job names, in the job's organisation; recycled videos past keeping, in every organisation",
    live_recordings: "the recordings of the live an audio job names, in the job's organisation; recycled recordings past keeping, in every organisation",
    live_audio: "the audio status of the live an audio job names, in the job's organisation",
    jobs: "whether an upload left behind still has its transcode queued, in every organisation",
  },
  "server/services/certification/approve.ts": {
    certifications: "the one record of the organisation the operator names, approved when it waits as validating",
  },
  "server/services/billing/recharge.ts": {
    recharge_orders: "the order a verified notify or a signed order page names, by its trade number, in whichever organisation it is",
  },
  "server/services/billing/rating.ts": {
    ledger: "whether the organisation's day is rated already",
    vod_bandwidth: "the organisation's peak vod bandwidth of the day",
    media_files: "the organisation's stored videos, and the minutes of those transcoded that day",
    live_recordings: "the organisation's stored recordings",
    cloud_objects: "the organisation's stored cloud-disk files",
    daily_consumption: "the organisation's use earlier in the day's month, for consume_detail",
    reminder_sends: "the organisation's smart reminders sent that day, its SMS parts and call minutes",
  },
  "server/services/reminders/reminder-job.ts": {
    smart_reminders: "the organisations whose service is on, with their reminder times",
    lives: "an organisation's lives whose reminder is due, by their current times",
    identities: "the teachers and students of a due live, with their mobiles",
    live_students: "the students added to a due live",
    live_staff: "the teachers of a due live",
    course_students: "the students of a due live's course",
    reminder_sends: "claiming a reminder once per live, person, group and before/after, and marking it sent",
  },
  "server/services/billing/alerts.ts": {
    notify_persons: "the recipients of the organisation the low-balance job names",
    balance_alert_sends: "who of them was texted for this crossing, in that organisation",
  },
  "server/services/rooms/concurrency.ts": {
    room_visits: "the visits of the last minutes, for each organisation's peak of people present",
  },
  "server/services/rooms/share-access.ts": {
    lives: "the live of a share or replay guid",
    live_validators: "the verification of that live",
    live_whitelist: "that live's whitelist entry of the given password",
    room_registrations: "the registration answers of that live's viewer",
  },
  "server/features/portal/feed-credential.ts": {
    calendar_feeds: "the feed whose secret hash the address names, with its portal identity, in whichever organisation it is",
  },
};

/** Raw SQL naming an organisation table, by file and table, and why. */
const rawSql: Record<string, Record<string, string>> = {
  "server/services/users.ts": {
    identities: "a mobile moves only for a person who is nobody else anywhere: a yes or no across organisations, no row read",
  },
};

/** The tables of the generated Database (server/db/tables.generated.ts) whose row type has an org_id, and the child tables. */
function organisationTables(): Set<string> {
  const file = ts.createSourceFile("tables.generated.ts", fs.readFileSync(path.join(root, generatedFile), "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((n) => {
    if (ts.isInterfaceDeclaration(n)) interfaces.set(n.name.text, n);
  });
  const memberNames = (i: ts.InterfaceDeclaration) => i.members.map((m) => (m.name && ts.isIdentifier(m.name) ? m.name.text : ""));
  const database = interfaces.get("Database");
  if (!database) throw new Error(`${generatedFile} has no Database interface`);
  const tables = new Set(childTables);
  for (const m of database.members) {
    if (!ts.isPropertySignature(m) || !m.type || !ts.isTypeReferenceNode(m.type)) continue;
    const row = interfaces.get(m.type.typeName.getText(file));
    if (row && memberNames(row).includes("org_id")) tables.add((m.name as ts.Identifier).text);
  }
  return tables;
}

interface Finding {
  file: string;
  line: number;
  rule: "unscoped database" | "unscoped query" | "raw sql" | "whole-database type";
  detail: string;
}

const builders = new Set(["selectFrom", "insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);

/** The root name of a receiver: `db` of `db.kysely.selectFrom`, `k` of `k.selectFrom`. */
function rootOf(expr: ts.Expression): string {
  let e: ts.Expression = expr;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e) || ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : "";
}

/** What one source file does that the rules above must judge. */
function scan(file: string, text: string, orgTables: Set<string>): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  // Names bound to the unscoped database: `const k = db.kysely`.
  const aliases = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && /\.kysely$/.test(node.initializer.getText(source)))
      aliases.add(node.name.text);
    if (ts.isPropertyAccessExpression(node) && node.name.text === "kysely")
      findings.push({ file, line: at(node), rule: "unscoped database", detail: node.getText(source) });
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && builders.has(node.expression.name.text)) {
      const first = node.arguments[0];
      const table = first && ts.isStringLiteralLike(first) ? first.text.split(/\s+as\s+/)[0] : null;
      const receiver = node.expression.expression;
      const unscoped = /\.kysely\b/.test(receiver.getText(source)) || aliases.has(rootOf(receiver));
      if (table && orgTables.has(table) && unscoped)
        findings.push({ file, line: at(node), rule: "unscoped query", detail: table });
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql") {
      const tpl = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(tpl) ? [tpl.text] : [tpl.head.text, ...tpl.templateSpans.map((s) => s.literal.text)];
      for (const m of parts.join(" ? ").matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?/gi))
        if (orgTables.has(m[1])) findings.push({ file, line: at(node), rule: "raw sql", detail: m[1] });
    }
    if (ts.isTypeReferenceNode(node) && ["Kysely", "Transaction"].includes(node.typeName.getText(source)) && node.typeArguments?.[0]?.getText(source) === "Database")
      findings.push({ file, line: at(node), rule: "whole-database type", detail: node.getText(source) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The findings no listed exception allows. */
function violations(findings: Finding[]): Finding[] {
  return findings.filter((f) => {
    if (f.rule === "unscoped database") return !(f.file in unscopedFiles);
    if (f.rule === "unscoped query") return !unscopedQueries[f.file]?.[f.detail];
    if (f.rule === "raw sql") return !rawSql[f.file]?.[f.detail];
    return true;
  });
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith(".ts") ? [rel] : [];
  });

describe("tenancy by construction", () => {
  const orgTables = organisationTables();

  it("knows the organisation tables from the schema", () => {
    for (const t of ["identities", "courses", "lives", "uploads", "audit_log", "course_students"]) expect(orgTables.has(t), t).toBe(true);
    for (const t of ["persons", "sessions", "organisations", "sms_codes"]) expect(orgTables.has(t), t).toBe(false);
  });

  it("finds the unscoped ways into an organisation's rows", () => {
    const sample = [
      'const a = await db.kysely.selectFrom("courses as c").selectAll().execute();',
      'const k = db.kysely; await k.deleteFrom("lives").execute();',
      'await sql`delete from lives where id = ${id}`.execute(scope.shared);',
      'function f(k: Kysely<Database>) { return k; }',
      'const ok = await scope.selectFrom("courses").selectAll().execute();',
      'await scope.shared.selectFrom("persons").selectAll().execute();',
    ].join("\n");
    const found = scan("server/services/example.ts", sample, orgTables);
    expect(violations(found).map((f) => [f.line, f.rule]).sort()).toEqual([
      [1, "unscoped database"],
      [1, "unscoped query"],
      [2, "unscoped database"],
      [2, "unscoped query"],
      [3, "raw sql"],
      [4, "whole-database type"],
    ]);
  });

  it("has no route, service or hook outside server/engine reaching an organisation's rows but through the scope", () => {
    const files = scanned.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => scan(file, fs.readFileSync(path.join(root, file), "utf8"), orgTables));
    expect(violations(found).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.detail}`)).toEqual([]);
  });

  it("lists no exception that is no longer needed", () => {
    const files = scanned.flatMap(sourceFiles);
    const found = files.flatMap((file) => scan(file, fs.readFileSync(path.join(root, file), "utf8"), orgTables));
    for (const file of Object.keys(unscopedFiles)) expect(found.some((f) => f.file === file && f.rule === "unscoped database"), file).toBe(true);
    for (const [file, tables] of Object.entries(unscopedQueries))
      for (const t of Object.keys(tables)) expect(found.some((f) => f.file === file && f.rule === "unscoped query" && f.detail === t), `${file} ${t}`).toBe(true);
    for (const [file, tables] of Object.entries(rawSql))
      for (const t of Object.keys(tables)) expect(found.some((f) => f.file === file && f.rule === "raw sql" && f.detail === t), `${file} ${t}`).toBe(true);
  });
});
