import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadCsf } from "storybook/internal/csf-tools";
import type { Options } from "storybook/internal/types";
import { describe, expect, it } from "vitest";
import config from "../../../.storybook/main";
import { resources } from "../../../resources";
import { tools } from "../../../resources/tools/tools";
import { declaredIndexInputs, declaredStoriesPlugin, storyTitle } from "../../../stories/resources/declared-index";
import { storyKinds } from "../../../stories/resources/story-kinds";

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The story exports of a CSF module, read the way Storybook's indexer reads them (statically). */
function storyExports(code: string, fileName: string): string[] {
  const csf = loadCsf(code, { fileName, makeTitle: (title) => title ?? fileName }).parse();
  return csf.indexInputs.map((input) => input.exportName);
}

/** What the Vite plugin serves Storybook for an index entry's import path. */
async function servedModule(importPath: string): Promise<string> {
  const plugin = declaredStoriesPlugin();
  const resolved = (plugin.resolveId as (id: string) => string | undefined)(importPath);
  return (plugin.load as (id: string) => string)(resolved!);
}

const listed = resources.filter((decl) => decl.api.list);

describe("stories follow the declarations", () => {
  it("Storybook indexes resources/index.ts with the declared indexer, before its own", async () => {
    expect(config.stories).toContain("../resources/index.ts");
    const preset = config.experimental_indexers;
    if (typeof preset !== "function") throw new Error("main.ts adds its indexer to Storybook's");
    const [first] = (await preset([], {} as Options)) ?? [];
    const file = path.resolve("resources/index.ts");
    expect(first.test.test(file)).toBe(true);
    expect(await first.createIndex(file, { makeTitle: (title) => title ?? file })).toEqual(declaredIndexInputs());
  });

  it.each(listed.map((decl) => [decl.name, decl] as const))("%s has the stories its declaration calls for, and no file of its own", async (_, decl) => {
    const inputs = declaredIndexInputs().filter((input) => input.title === storyTitle(decl));
    expect(inputs.map((input) => input.exportName)).toEqual(storyKinds(decl));
    expect(storyKinds(decl)).toEqual(expect.arrayContaining(["List", "Empty", "Failed"]));
    const [importPath] = new Set(inputs.map((input) => input.importPath));
    expect(storyExports(await servedModule(importPath!), importPath!)).toEqual(storyKinds(decl));
    expect(existsSync(`stories/resources/${kebab(decl.name)}.stories.tsx`)).toBe(false);
  });

  it("gives a declaration added to the list its stories", () => {
    const added = { ...listed[0], name: "notifySmsUser" };
    expect(declaredIndexInputs([added]).map((input) => `${input.title} ${input.exportName}`)).toEqual(
      storyKinds(added).map((kind) => `resources/notify-sms-user ${kind}`),
    );
  });

  it("has a story for every declared tool page", () => {
    const file = "stories/tools/tool-pages.stories.tsx";
    expect(storyExports(readFileSync(file, "utf8"), file)).toEqual(tools.map((tool) => tool.name));
  });
});
