/**
 * The Kysely types of the database, as the app imports them: the table types are generated from
 * the migrated database (server/db/tables.generated.ts, written by `npm run db:types`), the closed
 * sets of text values are kept by hand (server/db/column-types.ts).
 */
export type * from "./tables.generated";
export type { Role } from "./column-types";
