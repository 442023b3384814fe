import { sql } from "kysely";
import type { RoomCard, RoomPin, RoomShelf } from "../../../resources/live-commerce/room-shelf";
import { shelfRoomLimits, shelfRoomMessages, type ShelfKind } from "../../../resources/live-commerce/shelf";
import type { Db } from "../../db/database";
import type { OrgScope } from "../../engine/org-scope";
import { takeHit } from "../../engine/rate-counter";
import { ApiError } from "../../plugins/envelope";
import { readShelf, type ShelfItem } from "./shelf";

const card = (kind: ShelfKind, item: ShelfItem): RoomCard => ({
  kind,
  productid: String(item.productid ?? ""),
  productname: String(item.productname ?? ""),
  productdesc: String(item.productdesc ?? ""),
  productprice: kind === "product" ? String(item.productprice ?? "") : "",
  productimgurl: String(item.productimgurl ?? ""),
  productdetailurl: String(item.productdetailurl ?? ""),
});

async function pinOf(scope: OrgScope, liveId: number): Promise<RoomPin | null> {
  const row = await scope.selectFrom("live_pins").select(["kind", "item_id"]).where("live_id", "=", liveId).executeTakeFirst();
  return row ? { kind: row.kind as ShelfKind, productid: row.item_id } : null;
}

/** The live's cards for its room: every product, then every ad, and the pinned one if it is still listed. */
export async function roomShelf(scope: OrgScope, liveId: number): Promise<RoomShelf> {
  const [products, ads, pinned] = await Promise.all([readShelf(scope, "product", liveId), readShelf(scope, "ad", liveId), pinOf(scope, liveId)]);
  const shelf: RoomShelf = { products: products.items.map((i) => card("product", i)), ads: ads.items.map((i) => card("ad", i)), pinned: null };
  if (pinned && (pinned.kind === "product" ? shelf.products : shelf.ads).some((c) => c.productid === pinned.productid)) shelf.pinned = pinned;
  return shelf;
}

async function listed(scope: OrgScope, liveId: number, kind: ShelfKind, productid: string): Promise<boolean> {
  const { items } = await readShelf(scope, kind, liveId);
  return items.some((item) => String(item.productid) === productid);
}

/** Pins a listed card of the live (`productid` "" unpins); answers what is pinned now. */
export async function pinCard(scope: OrgScope, liveId: number, kind: ShelfKind, productid: string, now = Date.now()): Promise<RoomPin | null> {
  if (!productid) {
    await scope.deleteFrom("live_pins").where("live_id", "=", liveId).execute();
    return null;
  }
  if (!(await listed(scope, liveId, kind, productid))) throw new ApiError(404, shelfRoomMessages.notFound);
  await scope
    .insertInto("live_pins", { live_id: liveId, kind, item_id: productid, pinned_at: now })
    .onConflict((oc) => oc.columns(["org_id", "live_id"]).doUpdateSet({ kind, item_id: productid, pinned_at: now }))
    .execute();
  return { kind, productid };
}

/**
 * A viewer opened a card's link. Counted once per viewer and card in `clickWindowMs` (the shared
 * rate counter's one conditional upsert, so several processes agree), then added to the card's
 * total in one statement, so parallel clicks all count. Answers whether this one counted.
 */
export async function countClick(db: Db, scope: OrgScope, liveId: number, viewer: string, kind: ShelfKind, productid: string, now = Date.now()): Promise<boolean> {
  if (!(await listed(scope, liveId, kind, productid))) throw new ApiError(404, shelfRoomMessages.notFound);
  const key = `shelf-click:${scope.orgId}:${liveId}:${viewer}:${kind}:${productid}`;
  if ((await takeHit(db, key, { max: 1, windowMs: shelfRoomLimits.clickWindowMs }, now)) !== null) return false;
  await scope
    .insertInto("live_shelf_clicks", { live_id: liveId, kind, item_id: productid, clicks: 1 })
    .onConflict((oc) => oc.columns(["org_id", "live_id", "kind", "item_id"]).doUpdateSet({ clicks: sql<number>`live_shelf_clicks.clicks + 1` }))
    .execute();
  return true;
}
