import type { Endpoint } from "./endpoint";
import type { LimitName } from "./limits";

/** The identity types of the session (1 §6); a sub-admin is an admin. */
export type IdentityKind = "admin" | "teacher" | "assistant" | "student";

/**
 * Who may make a call, resolved by one function on the server (server/engine/access.ts) before
 * the body or query is validated: a caller without the right gets 401 or 403, not a remark on a
 * payload it was never allowed to send.
 */
export type Access =
  /** Anyone, signed in or not; `why` says what keeps it safe (sign-in pages, the share link's entry). */
  | { kind: "public"; why: string }
  /** A signed-in person, with or without a chosen identity (choosing one, signing out). */
  | { kind: "person" }
  /** A signed-in person acting as one of these identity types (any when empty). */
  | { kind: "identity"; types: readonly IdentityKind[] }
  /**
   * The main admin, or a sub-admin holding any of `keys` (the menu keys are the permission keys);
   * `mainAdminOnly` refuses every sub-admin.
   */
  | { kind: "menu"; keys: readonly string[]; mainAdminOnly?: boolean }
  /**
   * A credential other than the session, verified by the resolver the feature registers under
   * this name (a calendar feed's secret, the readable owners of a cloud disk); `why` says what it is.
   */
  | { kind: "credential"; name: string; why: string };

export const access = {
  public: (why: string): Access => ({ kind: "public", why }),
  person: (): Access => ({ kind: "person" }),
  identity: (...types: IdentityKind[]): Access => ({ kind: "identity", types }),
  /** `access.menu(course)` or `access.menu(["liveop", "courseop"])`. */
  menu: (of: { menu: { key: string }; mainAdminOnly?: boolean } | readonly string[]): Access =>
    Array.isArray(of)
      ? { kind: "menu", keys: of as readonly string[] }
      : { kind: "menu", keys: [(of as { menu: { key: string } }).menu.key], mainAdminOnly: (of as { mainAdminOnly?: boolean }).mainAdminOnly },
  credential: (name: string, why: string): Access => ({ kind: "credential", name, why }),
};

/**
 * What a call answers: the JSON envelope `{code, data, msg, count}` unless it says otherwise;
 * "json" is a plain JSON document (the console's /config.json).
 */
export type AnswerShape = "envelope" | "json" | "image" | "file" | "text" | "redirect" | "html" | "javascript";

/**
 * One of the spec's calls that is not a table's CRUD, declared as data: the server engine
 * registers it (server/engine/calls.ts) with the handler its feature names the same way, and the
 * client calls it through the data provider's `custom`.
 */
export interface CallDecl {
  endpoint: Endpoint;
  /** One line for the API document: what it answers, and the spec's section. */
  summary: string;
  /** `$id` of the schema validating the JSON body (POST, PATCH, PUT). */
  body?: string;
  /** `$id` of the schema validating the query string (GET, DELETE). */
  query?: string;
  /** `$id` of the schema validating the path's parameters. */
  params?: string;
  access: Access;
  /** Rate limits, each counted on its own (a call can meet both its address's and its mobile's). */
  limits?: readonly LimitName[];
  /** Bytes the body may have where it must differ from the app's 1 MiB (a 20,000-row import). */
  bodyLimit?: number;
  /**
   * Calls naming the same lock are handled one at a time, in arrival order, from when their body
   * has arrived until their answer is sent: a whitelist import parses megabytes of JSON in one go.
   */
  oneAtATime?: string;
  answer?: AnswerShape;
  /** A blank query parameter is no parameter: search forms send their empty fields as `title=`. */
  blankIsAbsent?: boolean;
}

/** A feature's calls, by name: the names its server handlers use. */
export type Calls = Record<string, CallDecl>;

export interface CallGroup<C extends Calls = Calls> {
  feature: string;
  calls: C;
}

export const defineCalls = <C extends Calls>(feature: string, calls: C): CallGroup<C> => ({ feature, calls });
