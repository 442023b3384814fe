import type { ResourceDecl } from "../../resources/kernel/define";

export type StoryKind = "List" | "Empty" | "Failed" | "Create" | "CreateErrors" | "Edit" | "EditErrors";

/**
 * The stories a declaration calls for, by export name: its list with rows, empty and failing
 * (with a list call), its add form clean and refused by its schema (with a create form and call),
 * its edit form the same (with an edit form and an update call). Storybook indexes exactly these for
 * each declaration (declared-index.ts), and tests/kernel/server/declared-stories.test.ts holds it to that.
 */
export function storyKinds(decl: ResourceDecl): StoryKind[] {
  return [
    ...(decl.api.list ? (["List", "Empty", "Failed"] as const) : []),
    ...(decl.forms.create && decl.api.create ? (["Create", "CreateErrors"] as const) : []),
    ...(decl.forms.edit && decl.api.update ? (["Edit", "EditErrors"] as const) : []),
  ];
}
