import { Alert } from "antd";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { FormPanelProps } from "../../../engine/form-page-parts";

/** The panel `liveEmulateNotice` above a simulated live's change: what can no longer change (2 §4). */
export function EmulateNotice({ record }: FormPanelProps) {
  if (!record || (record as LiveRecord).Emulateid <= 0) return null;
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} message="这是一场仿真直播：它的仿真直播模板和直播类型创建后不可修改" />;
}
