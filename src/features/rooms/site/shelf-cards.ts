import type { RoomCard } from "../../../../resources/live-commerce/room-shelf";

/**
 * The address a card's link opens, or null: `{host}` (2 §5, the spec's placeholder for the room's
 * own address) becomes this page's origin, and only http and https are opened, so a stored
 * `javascript:` or `data:` address (which the server refuses anyway) can never run here.
 */
export function cardLink(card: RoomCard, origin: string): string | null {
  const address = card.productdetailurl.replace(/^\{host\}/, origin);
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A card's picture: an uploaded one (a path of this site) or an http(s) address; anything else shows none. */
export const cardImage = (card: RoomCard): string | null => (/^(https?:\/\/|\/(?!\/))\S+$/.test(card.productimgurl) ? card.productimgurl : null);

/** 9.9 → ¥9.90; an ad or a product without a price shows none. */
export function cardPrice(card: RoomCard): string {
  const n = Number(card.productprice);
  return card.productprice !== "" && Number.isFinite(n) ? `¥${n.toFixed(2)}` : "";
}
