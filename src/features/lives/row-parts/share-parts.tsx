import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { RowPartProps } from "../../../engine/registry";
import { InitNumDialog } from "../dialogs/init-num-dialog";
import { ShareDialog } from "../dialogs/share-dialog";
import type { ShareMode } from "../dialogs/share-links";

/** 分享, 分享直播, 分享回放 (2 §2): the live's links of the mode. */
export const sharePart = (mode: ShareMode) =>
  function SharePart({ row, open, onClose }: RowPartProps) {
    return <ShareDialog open={open} live={row as LiveRecord} mode={mode} onClose={onClose} />;
  };

/** 人数基数 (2 §2, §5): the live's audience base. */
export function InitNumPart({ row, open, onClose }: RowPartProps) {
  return <InitNumDialog open={open} live={row as LiveRecord} onClose={onClose} />;
}
