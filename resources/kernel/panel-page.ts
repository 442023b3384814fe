/**
 * A page whose body is one bespoke part of an area, by name (the card's few bespoke widgets: the
 * time machine's timeline): the engine gives it the route, the title on its card, the permission
 * check and the address's parameters; the part draws what no declaration can (src/engine/panel-page.tsx).
 */
export interface PanelPageDecl {
  route: string;
  title: string;
  /** The admin permission the page needs (1 §3). */
  menuKey: string | readonly string[];
  /** Parameter → the address's parameter it is read from, a positive whole number; without it the page says `missing`. */
  fromAddress: Readonly<Record<string, { param: string; missing: string }>>;
  /** The part (src/engine/registry.tsx `pageParts`) drawn with those parameters. */
  part: string;
}
