import { access, defineCalls } from "../kernel/call";
import { liveCourseKeys } from "../lives/live-api";
import { vodKeys } from "../vod/vod-course";
import { adShelf, productShelf, roomShelfApi, shelfRoomLimits } from "./shelf";

/**
 * Who may read and write a live's products and ads: whoever opens the live's rows (liveop, or
 * courseop through a course's lives) and the recorded sessions' (3 §2.1 /sellProduct, /adInfoByLive).
 */
export const shelfKeys: readonly string[] = [...liveCourseKeys, ...vodKeys];

/** A room token of a live (in `?token=`, or in the body of a POST), resolved by the rooms feature. */
const roomViewer = access.credential("room.viewer", "a room token this server signed for one live, one person and one role (room-token.ts), in `?token=` or the body; a wrong or expired one is 403");

/**
 * The calls of a live's products and ads (issue 20 item 8; 2 §7 products and ads, 3 §7.4, §7.8:
 * /cms/product and /cms/ad GET and PATCH) and of the room's cards. Declared calls, not a table's
 * CRUD: the spec keeps each list as one JSON text per live, written whole.
 */
export const liveCommerceCalls = defineCalls("live-commerce", {
  products: {
    endpoint: productShelf.read,
    query: "live.id.query",
    access: access.menu(shelfKeys),
    summary: "A live's products (2 §7): {productlist: JSON text, ver, clicks: {productid: n}}",
  },
  saveProducts: {
    endpoint: productShelf.save,
    body: "live-products.save",
    access: access.menu(shelfKeys),
    summary: "Replaces a live's products (2 §7 {liveid, product JSON}); with `ver`, only if no other save came since that version",
  },
  ads: {
    endpoint: adShelf.read,
    query: "live.id.query",
    access: access.menu(shelfKeys),
    summary: "A live's ads (2 §7, 3 §7.4): {adlist: JSON text, ver, clicks: {productid: n}}",
  },
  saveAds: {
    endpoint: adShelf.save,
    body: "live-ads.save",
    access: access.menu(shelfKeys),
    summary: "Replaces a live's ads (2 §7 {liveid, ad JSON}); with `ver`, only if no other save came since that version",
  },
  roomShelf: {
    endpoint: roomShelfApi.shelf,
    query: "room.token.query",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: "The live's products and ads as the room's cards, and the pinned one",
  },
  pin: {
    endpoint: roomShelfApi.pin,
    body: "room.shelf-pin",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: "The live's teacher pins a card for everyone in the room (productid \"\" unpins)",
  },
  click: {
    endpoint: roomShelfApi.click,
    body: "room.shelf-click",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: `A viewer opened a card's link: counted once per viewer and card in ${shelfRoomLimits.clickWindowMs / 1000} s`,
  },
});
