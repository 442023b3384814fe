import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoAccounts } from "../../../server/seed/demo";

// The README is a newcomer's first five minutes: the two commands, the demo accounts, the outbox,
// the configuration in one table and where to read on. These keep it so as the product grows.
const root = join(import.meta.dirname, "..", "..", "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const tableRows = (heading: string) => {
  const section = readme.split(/^## /m).find((s) => s.startsWith(heading)) ?? "";
  return section
    .split("\n")
    .filter((line) => /^\| [^-]/.test(line))
    .slice(1)
    .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "").trim()));
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mjs)$/.test(entry.name)) yield path;
  }
}

describe("README.md", () => {
  it("opens with the two commands and stays short", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    const [, firstBlock] = readme.split("```bash\n");
    expect(firstBlock.split("```")[0].trim().split("\n").map((line) => line.split("#")[0].trim())).toEqual(["npm ci && npm start", "npm test"]);
  });

  it("describes the demo accounts in the start banner's words", () => {
    expect(tableRows("Demo accounts")).toEqual(demoAccounts.map((a) => [a.mobile, a.says]));
  });

  it("lists every setting the server reads, once", () => {
    const listed = tableRows("Configuration").map(([name]) => name.replace(/`/g, ""));
    expect(new Set(listed).size).toBe(listed.length);
    const read = new Set<string>();
    for (const file of [...sourceFiles(join(root, "server")), join(root, "scripts", "start.mjs"), join(root, "scripts", "test-all.mjs")])
      for (const [, name] of readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(name);
    // Set by the operating system or for Node itself, not by Lectern.
    for (const name of ["PATH", "UV_THREADPOOL_SIZE"]) read.delete(name);
    expect([...read].filter((name) => !listed.includes(name))).toEqual([]);
  });

  it("links only to documents that exist", () => {
    const links = [...readme.matchAll(/\]\(((?:docs\/)[^)#]+)\)/g)].map(([, path]) => path);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
