/**
 * Share links of a live (2 §7 "Share URL", 2 §6 customer types). The share base address and the
 * customer type are settings (`/config.json`: `shareBase`, `customerType`); by default the base is
 * Lectern's own room site, so a copied link opens the built-in room.
 *
 *   {base}/{shareType}{suffix}/{page}?guid={guid}&livetype={all|live|playback}
 *   {base}/{shareType}{suffix}/player.html?guid={guid}                       (replay)
 *
 * `suffix` comes from the customer type (default none, SC `_sc`, RuiDa `_ruida`, JY `_jy`, any
 * other `_<type>`); `page` from the live type (liveclass.html for 1, 2, 5; miniliveclass.html for
 * 0, 6, 7), with the prefix `name_` for the variant that asks the viewer's name.
 */

export const customerTypes = ["default", "SC", "RuiDa", "JY"] as const;

/** The share type of the path (2 §7: default share_qxc). */
export const defaultShareType = "share_qxc";

const suffixes: Record<string, string> = { default: "", SC: "_sc", RuiDa: "_ruida", JY: "_jy" };

export const customerSuffix = (customerType: string): string =>
  customerType in suffixes ? suffixes[customerType] : `_${customerType.replace(/[^A-Za-z0-9_-]/g, "")}`;

/** The live-room page of a live type: mini rooms for small and interactive classes (2 §7). */
export function sharePage(liveType: number): "liveclass.html" | "miniliveclass.html" {
  return [0, 6, 7].includes(liveType) ? "miniliveclass.html" : "liveclass.html";
}

export interface ShareLinkInput {
  base: string;
  customerType: string;
  guid: string;
  liveType: number;
  /** all: the live and then its replay; live; playback. */
  livetype?: "all" | "live" | "playback";
  /** The variant that asks for the viewer's name (`name_` prefix). */
  byName?: boolean;
  shareType?: string;
}

const folder = (base: string, customerType: string, shareType = defaultShareType) =>
  `${base.replace(/\/+$/, "")}/${shareType}${customerSuffix(customerType)}`;

/** The no-verification link of a live. */
export function liveShareUrl({ base, customerType, guid, liveType, livetype = "all", byName = false, shareType }: ShareLinkInput): string {
  const page = `${byName ? "name_" : ""}${sharePage(liveType)}`;
  return `${folder(base, customerType, shareType)}/${page}?guid=${encodeURIComponent(guid)}&livetype=${livetype}`;
}

/** The replay link of a live. */
export function replayShareUrl({ base, customerType, guid, shareType }: Pick<ShareLinkInput, "base" | "customerType" | "guid" | "shareType">): string {
  return `${folder(base, customerType, shareType)}/player.html?guid=${encodeURIComponent(guid)}`;
}
