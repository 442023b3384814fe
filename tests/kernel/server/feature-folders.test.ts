import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { schemaFilePaths, schemasDir } from "../../../server/plugins/schema-folder";

/**
 * schemas/ is by feature, as resources/ is (issue 17 item 6): every file sits in
 * `schemas/<feature>/`, where `<feature>` is a folder of resources/ (kernel/ holding the
 * definitions several features share), and is named by its `$id`, which no other file takes: the
 * client, the build and the server find a file by that `$id` wherever it sits, so a second file
 * with the same one would silently win or lose.
 */

const featuresOf = (resourcesDir: string) =>
  new Set(fs.readdirSync(resourcesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name));

/** What is out of place under `dir`, given the feature folders `features`: one line per file. */
function misplaced(dir: string, features: Set<string>): string[] {
  const found: string[] = [];
  const owners = new Map<string, string>();
  for (const file of schemaFilePaths(dir, ".json")) {
    const relative = path.relative(dir, file);
    const folder = path.dirname(relative);
    if (folder === ".") found.push(`${relative}: directly in schemas/, not in a feature folder`);
    else if (!features.has(folder)) found.push(`${relative}: ${folder}/ is not a feature folder of resources/`);
    if (!file.endsWith(".schema.json")) continue;
    const id = (JSON.parse(fs.readFileSync(file, "utf8")) as { $id?: string }).$id ?? "";
    if (path.basename(file) !== `${id}.schema.json`) found.push(`${relative}: its $id is "${id}"`);
    const owner = owners.get(id);
    if (owner) found.push(`${relative}: $id "${id}" is also ${owner}'s`);
    else owners.set(id, relative);
  }
  return found;
}

const features = featuresOf(path.join(schemasDir, "..", "resources"));

describe("schemas/ by feature", () => {
  it("holds every file in a feature folder of resources/ or kernel/, each named by a $id of its own", () => {
    expect(features.has("kernel")).toBe(true);
    expect(schemaFilePaths().length).toBeGreaterThan(100);
    expect(misplaced(schemasDir, features)).toEqual([]);
  });

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-schema-folders-"));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("names a file left at the top, in a folder no feature has, misnamed, or sharing a $id", () => {
    const write = (file: string, id: string) => {
      fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file), JSON.stringify({ $id: id, type: "object" }));
    };
    write("lives/live.create.schema.json", "live.create");
    write("phone.def.schema.json", "phone.def");
    write("misc/note.create.schema.json", "note.create");
    write("users/teacher.edit.schema.json", "live.create");
    write("courses/live.create.schema.json", "live.create");
    fs.writeFileSync(path.join(scratch, "note.create.ui.json"), "{}");

    expect(misplaced(scratch, features)).toEqual([
      "lives/live.create.schema.json: $id \"live.create\" is also courses/live.create.schema.json's",
      "misc/note.create.schema.json: misc/ is not a feature folder of resources/",
      "note.create.ui.json: directly in schemas/, not in a feature folder",
      "phone.def.schema.json: directly in schemas/, not in a feature folder",
      "users/teacher.edit.schema.json: its $id is \"live.create\"",
      "users/teacher.edit.schema.json: $id \"live.create\" is also courses/live.create.schema.json's",
    ]);
  });
});
