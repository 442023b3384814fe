import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** What a toolbar part gets from the list it sits in. */
export interface ListPartProps {
  /** Reloads the list (after an import has added records, say). */
  reload: () => void;
}

/**
 * Bespoke parts a declaration may place in its list's toolbar, beside 添加, by name
 * (`toolbar` in resources/define.ts), the way a `*.ui.json` names a custom widget. Each loads
 * with its own chunk when a list that names it is shown.
 */
export const listParts: Record<string, LazyExoticComponent<ComponentType<ListPartProps>>> = {
  /** 批量导入 of /studentop (1 §2.4), built by the users area. */
  studentImport: lazy(() =>
    import("../pages/users").then(({ StudentImportButton }) => ({
      default: ({ reload }: ListPartProps) => <StudentImportButton onImported={reload} />,
    })),
  ),
};
