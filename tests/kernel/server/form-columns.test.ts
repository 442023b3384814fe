import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../../resources";
import type { ResourceDecl } from "../../../resources/kernel/define";
import { migratedTableTypes } from "../../../server/db/table-types";
import { fieldsOf, schemaRegistry } from "../../../server/plugins/schemas";
import { schemaFileOf, schemasDir } from "../../../server/plugins/schema-folder";
import messageResource from "../../../resources/platform/message";

/**
 * A form property that nothing stores fails here by name. The engine writes a table-backed
 * resource's create and edit forms through its table declaration (server/engine/table-rows.ts
 * `columnsToWrite`): a column's `from` takes a form field (`{form}`) or packs several into JSON
 * text (`{json}`); anything else the server's ajv keeps in the body is silently dropped. So every
 * property of those forms must be stored by a column that the migrations make in the declared
 * table, or be named in `table.consumes` beside a hook, or be the edit form's `id` (the record
 * the engine changes).
 */

/** Resources whose forms are stored by hand-written server code, not yet by a table declaration, and where. */
const storedByHand: Record<string, string> = {
  subadmin: "server/features/users/family.ts (the person families' handlers) over server/services/users.ts",
  teacher: "server/features/users/family.ts over server/services/users.ts",
  assistant: "server/features/users/family.ts over server/services/users.ts",
  student: "server/features/users/family.ts over server/services/users.ts",
  course: "server/features/courses/courses.ts over server/services/courses.ts",
  vodCourse: "the course's calls: server/features/courses/courses.ts over server/services/courses.ts",
};

type Columns = ReadonlyMap<string, ReadonlySet<string>>;

/** What a resource's forms carry that its table declaration would drop: `resource.form: property`. */
/** The schema file of `id` as a person finds it from the project's root: schemas/<feature>/<id>.schema.json. */
function where(id: string): string {
  const file = schemaFileOf(id);
  return file ? path.relative(path.join(schemasDir, ".."), file) : `no file has $id ${id}`;
}

function unstoredFormFields(resource: ResourceDecl, columns: Columns): string[] {
  const table = resource.table;
  if (!table) return [];
  const found: string[] = [];
  const made = columns.get(table.name);
  if (!made) return [`${resource.name}: table ${table.name} is not made by the migrations`];
  const stored = new Set<string>();
  for (const c of table.columns) {
    if (!made.has(c.column)) found.push(`${resource.name}: column ${table.name}.${c.column} is not made by the migrations`);
    else if (c.from && typeof c.from === "object") for (const field of "form" in c.from ? [c.from.form] : c.from.json) stored.add(field);
  }
  const consumed = new Set(table.consumes ?? []);
  if (consumed.size && !table.hooks) found.push(`${resource.name}: table.consumes ${[...consumed].join(", ")}, but no hook is named to take them`);
  const fields = new Set<string>();
  for (const [form, id] of Object.entries(resource.forms)) {
    if (!id) continue;
    for (const { name } of fieldsOf(schemaRegistry.get(id))) {
      fields.add(name);
      if (!stored.has(name) && !consumed.has(name) && !(form === "edit" && name === "id")) found.push(`${resource.name}.${form}: ${name} (${where(id)})`);
    }
  }
  for (const field of consumed) if (!fields.has(field)) found.push(`${resource.name}: table.consumes ${field}, which no form has`);
  return found;
}

let columns: Columns;
beforeAll(async () => {
  columns = new Map((await migratedTableTypes()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
});

describe("every form property of a table-backed resource is stored by a column or consumed by a hook", () => {
  it("holds for every resource", () => {
    const dropped = resources.flatMap((r) => unstoredFormFields(r, columns));
    expect(dropped, "form properties no column stores: give one a column's `from` in the table declaration, or list it in `table.consumes` beside the hook that takes it").toEqual([]);
  });

  it("lists the resources whose forms hand-written code stores, and only those", () => {
    const byHand = resources.filter((r) => !r.table && (r.forms.create || r.forms.edit)).map((r) => r.name);
    expect(byHand.sort()).toEqual(Object.keys(storedByHand).sort());
  });

  it("names a property a declaration would drop, and a column or consumed field that is not there", () => {
    const table = messageResource.table!;
    // The message form stores `msg` through the column admin_messages.msg; without that column's source, msg is dropped.
    const dropsMsg = { ...messageResource, table: { ...table, columns: table.columns.filter((c) => c.column !== "msg") } };
    expect(unstoredFormFields(dropsMsg, columns)).toEqual(["message.create: msg (schemas/platform/message.create.schema.json)"]);
    // A declared hook that takes it, and says so, keeps it.
    expect(unstoredFormFields({ ...dropsMsg, table: { ...dropsMsg.table, hooks: "message", consumes: ["msg"] } }, columns)).toEqual([]);
    expect(unstoredFormFields({ ...dropsMsg, table: { ...dropsMsg.table, consumes: ["msg"] } }, columns)).toEqual(["message: table.consumes msg, but no hook is named to take them"]);
    const misnamed = { ...messageResource, table: { ...table, columns: table.columns.map((c) => (c.column === "msg" ? { ...c, column: "message" } : c)) } };
    expect(unstoredFormFields(misnamed, columns)).toEqual(["message: column admin_messages.message is not made by the migrations", "message.create: msg (schemas/platform/message.create.schema.json)"]);
  });
});
