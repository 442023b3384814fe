import { fileURLToPath } from "node:url";
import type { Indexer, IndexInput } from "storybook/internal/types";
import type { Plugin } from "vite";
import { resources } from "../../resources";
import type { ResourceDecl } from "../../resources/kernel/define";
import { storyKinds } from "./story-kinds";

/**
 * The declared resources' stories, made from resources/index.ts alone: Storybook indexes that file
 * (.storybook/main.ts lists it among its stories) with `declaredIndexer`, one story group per
 * declaration, and `declaredStoriesPlugin` serves each group as a module of its own, so a new
 * declaration gets its stories with no file of its own. The stories themselves are built by
 * declared-stories.tsx. Storybook reads the declarations once at start: a declaration added while
 * `npm run storybook` runs shows after a restart.
 */

const prefix = "virtual:declared-stories/";
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const storyTitle = (decl: ResourceDecl) => `resources/${kebab(decl.name)}`;
const moduleId = (decl: ResourceDecl) => `${prefix}${kebab(decl.name)}`;

/** What Storybook indexes for resources/index.ts: each declaration's stories (story-kinds.ts), titled by its name. */
export const declaredIndexInputs = (decls: readonly ResourceDecl[] = resources): IndexInput[] =>
  decls.flatMap((decl) => storyKinds(decl).map((exportName) => ({ type: "story" as const, importPath: moduleId(decl), exportName, title: storyTitle(decl) })));

export const declaredIndexer: Indexer = {
  test: /[\\/]resources[\\/]index\.ts$/,
  createIndex: async () => declaredIndexInputs(),
};

const fromStories = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

/** The CSF module of one declaration's stories, as the plugin serves it. */
export function storyModule(decl: ResourceDecl): string {
  return [
    `import { resources } from ${fromStories("../../resources/index.ts")};`,
    `import { declaredStories } from ${fromStories("./declared-stories.tsx")};`,
    `const stories = declaredStories(resources.find((decl) => decl.name === ${JSON.stringify(decl.name)}));`,
    `export default { title: ${JSON.stringify(storyTitle(decl))}, ...stories.meta };`,
    ...storyKinds(decl).map((kind) => `export const ${kind} = stories.${kind};`),
  ].join("\n");
}

export function declaredStoriesPlugin(): Plugin {
  return {
    name: "lectern:declared-stories",
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const decl = resources.find((candidate) => moduleId(candidate) === id.slice(1));
      if (!decl) throw new Error(`${id.slice(1)}: no declaration in resources/index.ts has this name`);
      return storyModule(decl);
    },
  };
}
