import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A length rule lives in a schema with its message (`errorMessage.maxLength`, or the pattern that
 * holds the length); an input that also carries `maxlength` cuts a pasted or typed value short
 * instead, silently, and the cut value may pass and be saved (a 17-character password saved as 16).
 * So no input of the console has a `maxLength`, except where nothing is saved and the limit is
 * plain: a search box, and a box that counts what is typed against its limit (`showCount`).
 */

const root = path.resolve(__dirname, "../../..");

/** Boxes that only narrow a list: a term is never saved, and the list's query keeps its own bound. */
const searchBoxFiles = new Set(["src/engine/list-toolbar.tsx", "src/engine/list-filters.tsx"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** Every JSX element with a `maxLength` attribute: its file, line and tag, and whether it counts its text. */
function limitedInputs(file: string) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { at: string; tag: string; counted: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === "maxLength")) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({
        at: `${path.relative(root, file)}:${line}`,
        tag: node.tagName.getText(),
        counted: node.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === "showCount"),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("inputs keep what a person types or pastes", () => {
  it("carries no maxlength that would cut a value a length rule should judge", () => {
    const cutting = sources(path.join(root, "src"))
      .flatMap(limitedInputs)
      .filter((input) => input.tag !== "Input.Search" && !input.counted && !searchBoxFiles.has(input.at.split(":")[0]));
    expect(cutting.map((input) => `${input.at} <${input.tag} maxLength>`)).toEqual([]);
  });
});
