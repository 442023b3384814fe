import { liveApi } from "../../../../resources/lives/live-api";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { liveShareUrl, replayShareUrl } from "../../../../resources/rooms/share-url";
import { getHosts } from "../../../../providers/hosts";

/** What a share dialog offers (2 §2): 分享 both links, 分享直播 the no-verification link, 分享回放 the replay link. */
export type ShareMode = "all" | "live" | "replay";

export interface ShareLinkKind {
  key: "live" | "replay";
  title: string;
  /** The call answering the link's guid. */
  guid: Endpoint;
  /** The address from the guid, with the share settings of /config.json. */
  address: (guid: string, liveType: number, byName: boolean) => string;
}

const liveLink = (livetype: "all" | "live"): ShareLinkKind => ({
  key: "live",
  title: "免验证链接",
  guid: liveApi.shareGuid,
  address: (guid, liveType, byName) => {
    const { shareBase, customerType } = getHosts();
    return liveShareUrl({ base: shareBase, customerType, guid, liveType, livetype, byName });
  },
});

const replayLink: ShareLinkKind = {
  key: "replay",
  title: "回放链接",
  guid: liveApi.replayGuid,
  address: (guid) => {
    const { shareBase, customerType } = getHosts();
    return replayShareUrl({ base: shareBase, customerType, guid });
  },
};

/** The links of each mode: the live link of 分享 lets a viewer in live and then to its replay (livetype all). */
export const shareLinks: Record<ShareMode, { title: string; links: ShareLinkKind[] }> = {
  all: { title: "分享", links: [liveLink("all"), replayLink] },
  live: { title: "分享直播", links: [liveLink("live")] },
  replay: { title: "分享回放", links: [replayLink] },
};
