import type { Endpoint } from "./endpoint";
import type { FormPageDecl } from "./form-page";

/**
 * A page of several single-record forms, one per tab (a person's own changes), declared as plain
 * data and drawn by the engine (src/engine/tabbed-forms-page.tsx): named panels above (what the
 * forms change, as it now stands), then the tabs. The open tab is kept in the address as `tab`;
 * the first tab's key stays out of it.
 */
export interface TabbedFormsDecl {
  /** An admin page's own route (resources/index.ts `tabbedPages`); a portal page is placed by its shell. */
  route?: string;
  /** The page's title (the route's title in resources/routes), over the panels. */
  title: string;
  /** Menu key(s) of an admin page, checked once for the page (each tab's calls are guarded by the server). */
  access?: string | readonly string[];
  /** The page's greatest width. */
  width?: number;
  /** Named panels under the title, above the tabs (registered by an area, src/engine/registry.tsx `panels`). */
  above?: readonly string[];
  /** The tabs, left to right: each a form page declaration of `kind` "single", labelled by its title. */
  tabs: readonly { key: string; form: FormPageDecl; when?: TabCondition }[];
}

/**
 * A tab shown only while another record says so (3 §4: the white list only while the group's chat
 * review is on): `call`'s answer, or the JSON text in its field `json`, has `field` equal to `is`.
 * While that call is on its way, or when it fails, the tab is not shown (a setting's default is off).
 */
export interface TabCondition {
  call: Endpoint;
  json?: string;
  field: string;
  is: string;
}

export const defineTabbedForms = <T extends TabbedFormsDecl>(decl: T): T => decl;
