import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The schema files' folder: `schemas/<feature>/<id>.schema.json`, one folder per feature of resources/. */
// Built from the module's path, not `new URL("../../schemas/", import.meta.url)`: under jsdom (the
// client tests compile the validators from here) that URL is one node's fileURLToPath refuses.
export const schemasDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../schemas");

/**
 * Every file under `dir` whose name ends in `suffix`, whatever feature folder holds it, ordered by
 * file name (the `$id`; then by folder, so two files of one name keep one order) so moving a file
 * between folders changes nothing the build writes.
 */
export function schemaFilePaths(dir: string = schemasDir, suffix = ".schema.json"): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(suffix))
    .map((name) => ({ key: `${path.basename(name)}\0${name}`, file: path.join(dir, name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ file }) => file);
}

/** The file of `$id` (`<id>.schema.json`, or its `<id>.ui.json` with that suffix) in whichever feature folder holds it. */
export const schemaFileOf = (id: string, suffix = ".schema.json"): string | undefined =>
  schemaFilePaths(schemasDir, suffix).find((file) => path.basename(file) === `${id}${suffix}`);
