import type { ResourceDecl } from "./define";
import type { Endpoint } from "./endpoint";

/**
 * A routed full-page form, declared as plain data and drawn by the engine (src/engine/form-page.tsx):
 * the form of a schema file, the record it starts from, its sections and the named panels between
 * them, and what saving does. `kind` "single" is a form over one record with no id and no list (an
 * organisation's settings, the admin's own password): read by a `get`-like call, saved by a
 * `patch`-like one, the page staying where it is.
 */
export interface FormPageDecl {
  route: string;
  /** The card's title (the route's title in resources/routes). */
  title: string;
  kind: "create" | "edit" | "single";
  /** Menu key(s) of the page; absent: every admin (the password change). */
  access?: string | readonly string[];
  /** Schema `$id` of the form (schemas/<feature>/<id>.schema.json with its ui.json). */
  form: string;
  /** Form field → value → label: an enum field's choices from a declared enum (a resource's own `formLabels` when it saves). */
  formLabels?: Record<string, Readonly<Record<string, string>>>;
  /** The card's greatest width, where narrower than the console's. */
  width?: number;
  /** The form's name, its element's id (a tab of a tabbed page holds several forms). */
  name?: string;
  /** The save button's words; 确定 when absent. */
  submit?: string;
  /** A line of help above the form. */
  intro?: string;
  /** Whole-number parameters of the address the page reads (0 when absent). */
  params?: readonly string[];
  /** A parameter the page cannot work without, and what it says when it is absent. */
  required?: { param: string; missing: string };
  /** Asks the interaction check before drawing (2 §7: before a create or modify page); its answer is unused. */
  interCheck?: boolean;
  /**
   * The record travels as JSON text in this one field, both ways (a single-record declaration kept
   * as JSON, resources/kernel/table.ts `single.json`: the sensitive words' `config`): the form edits
   * the object the text holds, with that object's own schema as `form`, and the save sends it as text.
   */
  json?: string;
  /** The record the form starts from: `query` names call parameter → address parameter; `failed` titles a failed read. */
  read?: { call: Endpoint; query?: Record<string, string>; failed: string };
  /**
   * A named setup (registered by an area, src/engine/registry.tsx `formSetups`) that turns the
   * definition and the record into what the form shows: what other calls allow, values kept as text.
   */
  setup?: string;
  /** Named panels above the form (a notice about the record). */
  above?: readonly string[];
  /** Named panels under the form and its buttons (a log of what the settings caused). */
  below?: readonly string[];
  /**
   * The form's fields in groups, top to bottom, each with an optional heading and a named panel
   * under its fields (the schedule-conflict warning under the staff). Fields not named follow the last.
   */
  sections?: readonly FormSection[];
  /** Through a declared call, or through a resource's own create or update (its `createRoute`/`editRoute` page). */
  save: FormSave | ResourceSave;
  /**
   * Where 取消 and a saved form go when the page was opened by an address rather than from a list
   * (otherwise back where it came from): the first of these whose `{param}`s the address gives.
   */
  back?: readonly string[];
  /** Where 取消 and a saved form go whatever the page was opened from (a resource's list, opened afresh to show the new record). */
  leaveTo?: string;
}

export interface FormSection {
  title?: string;
  fields: readonly string[];
  panel?: string;
}

export interface FormSave {
  call: Endpoint;
  /**
   * The call chosen by a field's value instead, where it names one (the recharge's way to pay, 3
   * §7.3; a record's state, submitted with one call and modified with another, 3 §4), and the words
   * of that value's save where they differ from `success` and `failure` (提交成功 beside 修改成功).
   */
  callBy?: {
    field: string;
    calls: Readonly<Record<string, Endpoint>>;
    words?: Readonly<Record<string, { success: string; failure?: FormSave["failure"] }>>;
  };
  /** The fields sent; all the form's values when absent (a confirmation field stays behind). */
  send?: readonly string[];
  /** Asked first when `field` holds a positive number (a simulated live's template): 确定 goes on, 取消 stays. */
  confirm?: { field: string; text: string };
  success: string;
  /**
   * A refusal's words: `byCode` for a server code, else `text`, else the server's own words after
   * `prefix`. A field the server names gets its message under it whatever is shown. A code with
   * several readings (918's two, 2 §8) lists them: the server's words when they are one of them,
   * else the first.
   */
  failure?: {
    text?: string;
    byCode?: Record<number, string | readonly string[]>;
    prefix?: string;
    /** Said instead when no answer came (a dropped connection). */
    network?: string;
    /** Said with the server's code, `${numbered} #${code}`, when it gives one and `byCode` does not name it. */
    numbered?: string;
    /** Codes whose refusal is said in the server's own words (a rule it judged naming what is wrong: 请输入【name】接口地址), before `text`. */
    ownWords?: readonly number[];
  };
  /** 确定 waits for a change (3 §2.7). */
  changedOnly?: boolean;
  /**
   * After saving: back (see `back`), stay (what was saved is the new start), reread (the record
   * read again is the new start: what the server made of the save, such as a state that now
   * chooses another call), reset (a fresh, empty form: a password typed is not left on screen),
   * sign out (a new password), or a bespoke part registered by name (src/engine/registry.tsx
   * `savedParts`) handed the answer (a payment to make).
   */
  after: "back" | "stay" | "reread" | "reset" | "signOut" | { part: string };
  /** The signed-in person's details changed (their name, their phone): the top bar asks for them again. */
  refreshIdentity?: boolean;
}

/**
 * A save through the resource, as its add and edit dialogs save (Refine's useCreate/useUpdate over
 * its calls): the values through its transforms, its words (添加成功, 修改成功, its failures), its
 * lists refreshed. The form starts from the record as the resource's fields name it, its choices
 * labelled from the resource's enums. The call save's options are the resource's here, never the page's.
 */
export type ResourceSave = { [K in Exclude<keyof FormSave, "after">]?: undefined } & { resource: ResourceDecl; after: "back" };

export const defineFormPage = <T extends FormPageDecl>(decl: T): T => decl;
