import { useMemo } from "react";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { RowPartProps } from "../../../engine/registry";
import { VerificationDrawer } from "../verification/verification-drawer";

/** 验证方式 (2 §2): the live's verification settings; one object per row, as the drawer keeps the last one shown. */
export function VerificationPart({ row, open, onClose }: RowPartProps) {
  const live = useMemo(() => ({ id: (row as LiveRecord).Id, title: (row as LiveRecord).Title }), [row]);
  return <VerificationDrawer live={open ? live : null} onClose={onClose} />;
}
