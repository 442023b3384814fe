import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { lintScratchPrefix } from "./literal-scan";

// The walls of docs/architecture.md, judged by the project's own eslint.config.js on
// files written for the test inside src/, where the rules apply; the folder goes afterwards.
const root = join(import.meta.dirname, "..", "..", "..");
const eslint = new ESLint({ cwd: root });
const scratch = mkdtempSync(join(root, "src", "engine", lintScratchPrefix));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ruleIds = async (file: string, text: string) => {
  const [result] = await eslint.lintText(text, { filePath: file });
  return result.messages.map((message) => message.ruleId);
};

describe("lint walls inside src/", () => {
  it("rejects an import cycle, a lazy import() included", async () => {
    const first = join(scratch, "first.ts");
    const second = join(scratch, "second.ts");
    writeFileSync(second, 'import { first } from "./first";\nexport const second = () => first;\n');
    writeFileSync(first, 'import { second } from "./second";\nexport const first = 1;\nexport const both = () => second;\n');
    expect(await ruleIds(first, 'import { second } from "./second";\nexport const first = 1;\nexport const both = () => second;\n')).toContain(
      "import-x/no-cycle",
    );

    const lazy = 'export const first = 1;\nexport const later = () => import("./second");\n';
    writeFileSync(first, lazy);
    expect(await ruleIds(first, lazy)).toContain("import-x/no-cycle");
  }, 60_000);

  it("accepts the same files once the cycle is cut", async () => {
    const first = join(scratch, "first.ts");
    writeFileSync(first, "export const first = 1;\n");
    const text = 'import { first } from "./first";\nexport const second = () => first;\n';
    expect(await ruleIds(join(scratch, "second.ts"), text)).toEqual([]);
  }, 60_000);

  it("forbids src/engine importing src/features or src/app, statically or lazily", async () => {
    const file = join(scratch, "reach.ts");
    const up = relative(scratch, join(root, "src")).replaceAll("\\", "/");
    const toPages = `import { userEngineParts } from "${up}/features/users/engine-parts";\nexport const parts = userEngineParts;\n`;
    expect(await ruleIds(file, toPages)).toContain("import-x/no-restricted-paths");
    const toApp = `export const load = () => import("${up}/app/route-titles");\n`;
    expect(await ruleIds(file, toApp)).toContain("import-x/no-restricted-paths");
    // The engine may still read what it is allowed to: resources, providers and src/lib.
    const allowed = `import { formatYuan } from "${up}/lib/format";\nexport const show = formatYuan;\n`;
    expect(await ruleIds(file, allowed)).toEqual([]);
  }, 60_000);
});

describe("feature walls inside server/features", () => {
  it("forbids one feature reaching into another's internals, and allows its own files", async () => {
    // Two real features: users may not import a file of courses, but courses may.
    const intoInternals = 'import courses from "../courses/courses";\nexport const all = [courses];\n';
    expect(await ruleIds(join(root, "server", "features", "users", "reach.ts"), intoInternals)).toContain("import-x/no-restricted-paths");
    const own = 'import courses from "./courses";\nexport const all = [courses];\n';
    expect(await ruleIds(join(root, "server", "features", "courses", "reach.ts"), own)).toEqual([]);
  }, 60_000);
});

describe("one registration path on the server", () => {
  it("refuses a route registered outside the engine, and allows the engine's own", async () => {
    const text = 'import type { FastifyInstance } from "fastify";\nexport const add = (app: FastifyInstance) => app.get("/x", async () => 1);\n';
    expect(await ruleIds(join(root, "server", "features", "courses", "reach.ts"), text)).toContain("no-restricted-syntax");
    expect(await ruleIds(join(root, "server", "engine", "reach.ts"), text)).not.toContain("no-restricted-syntax");
  }, 60_000);
});
