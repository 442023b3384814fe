import { liveApi, liveCourseKeys, validatorApi } from "./live-api";
import { access, type Calls } from "../kernel/call";

/**
 * 20,000 rows of two texts of at most 128 characters (whitelist.import.schema.json), as JSON:
 * about 16 MiB at the very worst (every character a 3-byte one), 1 MiB for a sheet of typical
 * names and passwords. The import calls alone get it; every other call keeps the app's 1 MiB.
 */
const importBodyLimit = 16 * 1024 * 1024;

// The drawer is opened from the rows of the live lists: liveop, or courseop for a course's lives.
const drawer = access.menu(liveCourseKeys);
const settings = { query: "validator.query", access: drawer, limits: ["verificationPerPerson"] } as const;
// Each of these reads or writes up to tens of thousands of rows: a person imports now and then.
// The imports and their dry runs of all lives are parsed one at a time (engine/route.ts oneAtATime).
const heavy = { query: "validator.query", access: drawer, limits: ["verificationHeavyPerPerson"] } as const;
const imported = { ...heavy, body: "whitelist.import", oneAtATime: "whitelistImports", bodyLimit: importBodyLimit } as const;

/**
 * Viewer verification of a live (2 §2 设置验证方式, §7 validator service, 3 §7.8): the iframe token,
 * the settings and the whitelist. Declared calls rather than a table: the service's calls are keyed
 * by the live in the query beside a token bound to it (checked by the handlers, which build the
 * live's scope from it), answer the spec's `content`, and one live has one settings record whose
 * first save creates it. Every whitelist write goes through services/whitelist.ts under the live's
 * lock, so the unique password and the 50,000 entries of a live hold under parallel calls.
 */
export const verificationCalls = {
  validatorToken: {
    endpoint: liveApi.validatorToken,
    query: "live-token.query",
    access: drawer,
    limits: ["verificationTokenPerPerson"],
    summary: "A short-lived token for the validator service, bound to the organisation, the identity and live `liveid`: {token, liveid, expires_in}",
  },
  validatorGet: { endpoint: validatorApi.get, ...settings, summary: "The live's verification settings; content null while it has none" },
  validatorSave: { endpoint: validatorApi.save, ...settings, body: "validator.save", summary: "Saves the live's verification settings (desc sanitised); answers them as stored" },
  whitelist: { endpoint: validatorApi.whitelist, ...settings, query: "whitelist.list.query", summary: "A page of the live's whitelist: content {total, page, limit, resultset}" },
  whitelistAdd: {
    endpoint: validatorApi.whitelistAdd,
    ...settings,
    body: "whitelist.create",
    summary: "Adds {username, password}; a password already in the live is refused, as is a 50,001st entry",
  },
  whitelistUpdate: {
    endpoint: validatorApi.whitelistUpdate,
    ...settings,
    query: "whitelist.id.query",
    body: "whitelist.edit",
    summary: "Changes entry `id` to {username, password}; its password must not be another entry's",
  },
  whitelistRemove: { endpoint: validatorApi.whitelistRemove, ...settings, query: "whitelist.id.query", summary: "Removes entry `id`; id 0 clears the live's whole list. content {removed}" },
  whitelistCheck: {
    endpoint: validatorApi.whitelistCheck,
    ...imported,
    summary: "Dry run of an import of up to 20,000 rows: content {accepted, errors: [{row, username, password, reason}]}; writes nothing",
  },
  whitelistImport: {
    endpoint: validatorApi.whitelistImport,
    ...imported,
    summary: "Imports up to 20,000 rows: the dry run's judgement, then the accepted rows in one transaction: content {added, errors}",
  },
  whitelistExport: { endpoint: validatorApi.whitelistExport, ...heavy, summary: "Every entry of the live's whitelist (at most 50,000): content {total, resultset}" },
} satisfies Calls;
