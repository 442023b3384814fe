import type { ResourceDecl } from "./define";
import type { Endpoint } from "./endpoint";
import type { RowRule } from "./row-actions";

/**
 * A list in an expanded row (2 §2: a main classroom's sub-classes): another declaration's rows,
 * its list call given parameters from the row (`params`: call parameter → row field), for rows the
 * rules hold for, under `title`. It keeps its page in its own state (the page keeps the outer list's).
 */
export interface NestedListDecl {
  decl: ResourceDecl;
  title: string;
  when?: readonly RowRule[];
  params: Readonly<Record<string, string>>;
}

/**
 * A button in a list page's header: to an address (`{name}` filled from the page's address
 * parameters and its record), back to a list at the place the person left it (`toList`), or a
 * bespoke part registered by name (src/engine/registry.tsx `listParts`), handed the same values.
 */
export interface PageButtonDecl {
  label: string;
  primary?: boolean;
  icon?: "plus" | "back";
  to?: string;
  toList?: string;
  part?: string;
}

/** A list call and its fixed parameters, `{name}` filled as a button's address is. */
export interface PageCallDecl {
  list: Endpoint;
  params: Readonly<Record<string, string>>;
}

/**
 * Another list screen of a declaration, at a route of its own, for rows fixed by its address (2 §2
 * /liveCourse?courseId, /subLiveManager?masterLiveId&courseId): each of `params` must be a positive
 * whole number, or the page says `missing`; the record it is about is read by `about.call` and titles
 * it; the list uses `call`, or `unfiltered.call` while nothing is searched and the record meets its
 * rules. `decl` is the declaration listed when not the declaring one.
 */
export interface ListPageDecl {
  route: string;
  /** The title before the record is in (or the address parameter `about.titleParam` names it). */
  title: string;
  decl?: ResourceDecl;
  /** Menu keys any of which opens it; by default the declaration's. */
  access?: readonly string[];
  params: readonly string[];
  missing: { title: string; subTitle: string; back: { label: string; to: string } };
  about: {
    call: Endpoint;
    query: Readonly<Record<string, string>>;
    title: string;
    titleParam?: string;
    /** The list waits for the record (its call depends on it); a failure then shows `failure`. */
    wait?: { failure: string };
  };
  call: PageCallDecl;
  unfiltered?: PageCallDecl & { when: readonly RowRule[] };
  buttons: readonly PageButtonDecl[];
}
