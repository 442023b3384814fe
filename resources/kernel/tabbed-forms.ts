import type { FormPageDecl } from "./form-page";

/**
 * A page of several single-record forms, one per tab (a person's own changes), declared as plain
 * data and drawn by the engine (src/engine/tabbed-forms-page.tsx): named panels above (what the
 * forms change, as it now stands), then the tabs. The open tab is kept in the address as `tab`;
 * the first tab's key stays out of it.
 */
export interface TabbedFormsDecl {
  /** The page's title (the route's title in resources/routes), over the panels. */
  title: string;
  /** The page's greatest width. */
  width?: number;
  /** Named panels under the title, above the tabs (registered by an area, src/engine/registry.tsx `panels`). */
  above?: readonly string[];
  /** The tabs, left to right: each a form page declaration of `kind` "single", labelled by its title. */
  tabs: readonly { key: string; form: FormPageDecl }[];
}

export const defineTabbedForms = <T extends TabbedFormsDecl>(decl: T): T => decl;
