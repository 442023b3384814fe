import type { ShelfKind } from "./shelf";

/** One card of the room (issue 20 item 8): an item of the live's products or ads, as its viewers see it. */
export interface RoomCard {
  kind: ShelfKind;
  productid: string;
  productname: string;
  productdesc: string;
  /** Text as stored ("" for an ad or a product without a price). */
  productprice: string;
  productimgurl: string;
  /** The link as stored (http(s):// or {host}/…); the room opens only http and https. */
  productdetailurl: string;
}

export interface RoomPin {
  kind: ShelfKind;
  productid: string;
}

/** GET /api/v1/room/shelf. */
export interface RoomShelf {
  products: RoomCard[];
  ads: RoomCard[];
  pinned: RoomPin | null;
}
