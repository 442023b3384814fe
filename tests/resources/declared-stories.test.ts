import { readFileSync, existsSync } from "node:fs";
import { loadCsf } from "storybook/internal/csf-tools";
import { describe, expect, it } from "vitest";
import { resources } from "../../resources";
import { tools } from "../../resources/tools";
import { storyKinds } from "../../stories/resources/story-kinds";

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The story exports of a stories file, read the way Storybook's indexer reads them (statically). */
function storyExports(path: string): string[] {
  const csf = loadCsf(readFileSync(path, "utf8"), { fileName: path, makeTitle: (title) => title ?? path }).parse();
  return csf.indexInputs.map((input) => input.exportName);
}

describe("stories follow the declarations", () => {
  it.each(resources.map((decl) => [decl.name, decl] as const))("%s has the stories its declaration calls for", (_, decl) => {
    const path = `stories/resources/${kebab(decl.name)}.stories.tsx`;
    expect(existsSync(path), `${path}: a declared resource gets its stories file (a copy of another resource's, importing its own declaration)`).toBe(true);
    expect(storyExports(path)).toEqual(storyKinds(decl));
    expect(readFileSync(path, "utf8")).toContain(`from "../../resources/${kebab(decl.name)}"`);
  });

  it("has a story for every declared tool page", () => {
    expect(storyExports("stories/tools/tool-pages.stories.tsx")).toEqual(tools.map((tool) => tool.name));
  });
});
