import { randomBytes } from "node:crypto";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { voidedRefusal } from "./records";

export type ShareKind = "share_guid" | "replay_guid";

const newGuid = () => randomBytes(16).toString("hex");

/**
 * The guid of a live's no-verification link or replay link (2 §7): made on the first ask, then the
 * same for good. The first ask writes it only where none is set yet (`… is null`), so parallel
 * first asks each write or lose, and all read back the one that landed; the unique index of
 * migration 0016 keeps two lives from ever sharing one (a clash is drawn again).
 */
export async function shareGuidOf(scope: OrgScope, liveId: number, kind: ShareKind): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const live = await scope.selectFrom("lives").select(["voided", kind]).where("id", "=", liveId).executeTakeFirst();
    if (!live) throw fail.notFound();
    const known = live[kind];
    if (known) return known;
    if (live.voided) throw voidedRefusal();
    try {
      await scope.updateTable("lives", { [kind]: newGuid() }).where("id", "=", liveId).where(kind, "is", null).execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`no ${kind} could be set for live ${liveId}`);
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
