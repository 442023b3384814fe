import { readdirSync, readFileSync, type Dirent } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * Every string a person could have typed twice, by file: the string literals, template texts and JSX
 * texts of the TypeScript files under the folders given, and the strings of their JSON files. Comments
 * are not read (a comment naming /teacherop is not a second declaration of it).
 */
export const root = join(import.meta.dirname, "..", "..", "..");

/**
 * The folder lint-walls.test.ts writes its files into, inside src/ where the lint rules apply, while
 * the suite runs: not the project's strings, and gone at any moment.
 */
export const lintScratchPrefix = "lint-walls-";

/** The entries under a folder; read again if a folder went while it was walked (the scratch above). */
function entriesUnder(folder: string, tries = 3): Dirent[] {
  try {
    return readdirSync(join(root, folder), { withFileTypes: true, recursive: true });
  } catch (error) {
    if (tries > 1 && (error as NodeJS.ErrnoException).code === "ENOENT") return entriesUnder(folder, tries - 1);
    throw error;
  }
}

function filesUnder(folder: string): string[] {
  return entriesUnder(folder)
    .filter((entry) => entry.isFile() && /\.(tsx?|json)$/.test(entry.name) && !relative(root, entry.parentPath).split(/[\\/]/).some((part) => part.startsWith(lintScratchPrefix)))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function tsTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text);
    else if (ts.isJsxText(node) && node.text.trim()) found.push(node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function jsonTexts(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") found.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonTexts(item, found);
  else if (value && typeof value === "object") for (const item of Object.values(value)) jsonTexts(item, found);
  return found;
}

/** file → its strings, for every file under the folders. */
export function literalsUnder(...folders: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of folders.flatMap(filesUnder)) {
    const text = readFileSync(join(root, file), "utf8");
    out.set(file, file.endsWith(".json") ? jsonTexts(JSON.parse(text)) : tsTexts(file, text));
  }
  return out;
}

/** The files in which `matches` holds for one of the strings, each once, in order of path. */
export const filesWith = (literals: Map<string, string[]>, matches: (text: string) => boolean): string[] =>
  [...literals].filter(([, texts]) => texts.some(matches)).map(([file]) => file).sort();

/** The array literals of numbers in the TypeScript files, as written ("10, 20, 50"), by file. */
export function numberListsUnder(...folders: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of folders.flatMap(filesUnder).filter((f) => !f.endsWith(".json"))) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const lists: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isArrayLiteralExpression(node) && node.elements.length && node.elements.every(ts.isNumericLiteral)) lists.push(node.elements.map((e) => e.getText(source)).join(", "));
      ts.forEachChild(node, visit);
    };
    visit(source);
    out.set(file, lists);
  }
  return out;
}
