import { sql } from "kysely";
import { shelfMaxItems, shelfRoomMessages, type ShelfDecl, type ShelfKind } from "../../../resources/live-commerce/shelf";
import type { OrgScope } from "../../engine/org-scope";
import { recordAudit } from "../../engine/audit";
import { normaliseProduct } from "../../hooks/product-fields";
import { ApiError } from "../../plugins/envelope";
import { checkAgainst } from "../../plugins/schemas";

export type ShelfItem = Record<string, string | number>;

/** A live's list as the calls answer it. */
export interface ShelfAnswer {
  items: ShelfItem[];
  ver: number;
  clicks: Record<string, number>;
}

/** The live, read through the caller's organisation: another organisation's live is not found. */
export async function ownLive(scope: OrgScope, liveId: number): Promise<void> {
  const live = await scope.selectFrom("lives").select("id").where("id", "=", liveId).executeTakeFirst();
  if (!live) throw new ApiError(404, shelfRoomMessages.liveMissing);
}

const parseItems = (text: string): ShelfItem[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as ShelfItem[]) : [];
  } catch {
    return [];
  }
};

/** The stored list of a live (empty, version 0, before its first save) and its cards' clicks. */
export async function readShelf(scope: OrgScope, kind: ShelfKind, liveId: number): Promise<ShelfAnswer> {
  const [row, clicks] = await Promise.all([
    scope.selectFrom("live_shelves").select(["items", "version"]).where("live_id", "=", liveId).where("kind", "=", kind).executeTakeFirst(),
    scope.selectFrom("live_shelf_clicks").select(["item_id", "clicks"]).where("live_id", "=", liveId).where("kind", "=", kind).execute(),
  ]);
  return {
    items: row ? parseItems(row.items) : [],
    ver: Number(row?.version ?? 0),
    clicks: Object.fromEntries(clicks.map((c) => [c.item_id, Number(c.clicks)])),
  };
}

/**
 * The list a save sent, judged item by item with its template's add form (the same messages as the
 * template dialog, the first failing item's) and tidied as templates are: trimmed title, one-line
 * description, the id defaulting to the moment, the count "0"; only the declared fields are kept.
 * An id used twice answers the declaration's `duplicate`.
 */
export function judgeList(decl: ShelfDecl, text: string, now = Date.now()): ShelfItem[] {
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    throw new ApiError(400, decl.invalid, 200, { field: decl.bodyField });
  }
  if (!Array.isArray(sent) || sent.some((item) => !item || typeof item !== "object" || Array.isArray(item))) throw new ApiError(400, decl.invalid, 200, { field: decl.bodyField });
  if (sent.length > shelfMaxItems) throw new ApiError(400, decl.tooMany, 200, { field: decl.bodyField });
  const seen = new Set<string>();
  return sent.map((raw: Record<string, unknown>, index) => {
    const { serverId, ...fields } = raw;
    const refused = checkAgainst(decl.itemSchema, fields);
    if (refused) throw new ApiError(400, refused.msg, 200, refused.field ? { field: refused.field, index } : { index });
    // An item without an id gets the moment plus its place, so two added in one save differ.
    const values: Record<string, unknown> = { ...fields };
    if (!String(values.productid ?? "").trim()) values.productid = String(now + index);
    normaliseProduct(values);
    const id = String(values.productid);
    if (seen.has(id)) throw new ApiError(1, decl.duplicate, 200, { field: "productid", index });
    seen.add(id);
    const kept: ShelfItem = {};
    for (const field of decl.fields) {
      if (field === "serverId") {
        if (Number.isSafeInteger(serverId) && Number(serverId) > 0) kept.serverId = Number(serverId);
      } else kept[field] = String(values[field] ?? "");
    }
    return kept;
  });
}

/**
 * Replaces a live's list. With `ver`, in one conditional statement: the row is updated only while it
 * still has that version (0: only while it does not exist yet), so of two saves made from the same
 * reading one lands and the other is told (`stale`), whichever processes they reach; without `ver`
 * the list is replaced. The list's audit row is written in the same transaction.
 */
export async function saveShelf(scope: OrgScope, decl: ShelfDecl, liveId: number, items: ShelfItem[], ver: number | undefined, now = Date.now()): Promise<number> {
  const text = JSON.stringify(items);
  return scope.transaction(async (tx) => {
    await ownLive(tx, liveId);
    const before = await tx.selectFrom("live_shelves").select(["items", "version"]).where("live_id", "=", liveId).where("kind", "=", decl.kind).executeTakeFirst();
    let saved: number | undefined;
    if (ver === undefined || ver > 0) {
      let update = tx
        .updateTable("live_shelves", { items: text, version: sql<number>`version + 1`, updated_at: now })
        .where("live_id", "=", liveId)
        .where("kind", "=", decl.kind);
      if (ver !== undefined) update = update.where("version", "=", ver);
      const row = await update.returning("version").executeTakeFirst();
      saved = row ? Number(row.version) : undefined;
    }
    if (saved === undefined && (ver === undefined || ver === 0)) {
      const row = await tx
        .insertInto("live_shelves", { live_id: liveId, kind: decl.kind, items: text, version: 1, updated_at: now })
        .onConflict((oc) => oc.columns(["org_id", "live_id", "kind"]).doNothing())
        .returning("version")
        .executeTakeFirst();
      saved = row ? Number(row.version) : undefined;
    }
    if (saved === undefined) throw new ApiError(409, decl.stale, 200);
    await recordAudit(tx, {
      resource: decl.kind === "product" ? "liveProducts" : "liveAds",
      recordId: liveId,
      action: "update",
      before: { [decl.listField]: before?.items ?? "[]" },
      after: { [decl.listField]: text },
    });
    return saved;
  });
}
