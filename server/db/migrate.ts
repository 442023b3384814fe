import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as m0001 from "./migrations/0001-foundation";
import * as m0002 from "./migrations/0002-user-search";
import * as m0004 from "./migrations/0004-usage-stats";
import * as m0003 from "./migrations/0003-courses-lives";
import * as m0005 from "./migrations/0005-list-totals";
import * as m0006 from "./migrations/0006-sign-in-guards";
import * as m0007 from "./migrations/0007-person-provenance";
import * as m0008 from "./migrations/0008-uploads";
import * as m0009 from "./migrations/0009-cleanup-indexes";
import * as m0010 from "./migrations/0010-admin-messages";
import * as m0011 from "./migrations/0011-product-templates";
import * as m0012 from "./migrations/0012-ad-templates";
import * as m0013 from "./migrations/0013-audit-log";
import * as m0014 from "./migrations/0014-exam-papers";
import * as m0015 from "./migrations/0015-engine-counts";
import * as m0016 from "./migrations/0016-live-management";
import * as m0017 from "./migrations/0017-portal-feeds-recharge-orders";
import * as m0018 from "./migrations/0018-whitelist-page-index";
import * as m0019 from "./migrations/0019-cloud-disk";
import * as m0020 from "./migrations/0020-rooms";
import * as m0021 from "./migrations/0021-live-lists";
import * as m0022 from "./migrations/0022-room-visitors";
import * as m0023 from "./migrations/0023-room-limits";
import * as m0024 from "./migrations/0024-shared-counters";
import * as m0025 from "./migrations/0025-jobs-and-media";
import * as m0026 from "./migrations/0026-recorded-lists";
import * as m0027 from "./migrations/0027-live-chapters";
import * as m0028 from "./migrations/0028-ledger";
import * as m0029 from "./migrations/0029-balance-alerts";
import * as m0030 from "./migrations/0030-certification";
import * as m0031 from "./migrations/0031-developer";
import * as m0032 from "./migrations/0032-filter-words";
import * as m0033 from "./migrations/0033-reminders";
import * as m0034 from "./migrations/0034-data-push";
import * as m0035 from "./migrations/0035-moderation";
import * as m0036 from "./migrations/0036-live-monitor";
import * as m0037 from "./migrations/0037-time-machine";
import * as m0038 from "./migrations/0038-live-commerce";
import * as m0039 from "./migrations/0039-consumption-totals";

/** Migrations are listed in code so the bundle needs no file-system discovery. */
const migrations: Record<string, Migration> = {
  "0001-foundation": m0001,
  "0002-user-search": m0002,
  "0004-usage-stats": m0004,
  "0003-courses-lives": m0003,
  "0005-list-totals": m0005,
  "0006-sign-in-guards": m0006,
  "0007-person-provenance": m0007,
  "0008-uploads": m0008,
  "0009-cleanup-indexes": m0009,
  "0010-admin-messages": m0010,
  "0011-product-templates": m0011,
  "0012-ad-templates": m0012,
  "0013-audit-log": m0013,
  "0014-exam-papers": m0014,
  "0015-engine-counts": m0015,
  "0016-live-management": m0016,
  "0017-portal-feeds-recharge-orders": m0017,
  "0018-whitelist-page-index": m0018,
  "0019-cloud-disk": m0019,
  "0020-rooms": m0020,
  "0021-live-lists": m0021,
  "0022-room-visitors": m0022,
  "0023-room-limits": m0023,
  "0024-shared-counters": m0024,
  "0025-jobs-and-media": m0025,
  "0026-recorded-lists": m0026,
  "0027-live-chapters": m0027,
  "0028-ledger": m0028,
  "0029-balance-alerts": m0029,
  "0030-certification": m0030,
  "0031-developer": m0031,
  "0032-filter-words": m0032,
  "0033-reminders": m0033,
  "0034-data-push": m0034,
  "0035-moderation": m0035,
  "0036-live-monitor": m0036,
  "0037-time-machine": m0037,
  "0038-live-commerce": m0038,
  "0039-consumption-totals": m0039,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await new Migrator({ db: db as unknown as Kysely<unknown>, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
}
