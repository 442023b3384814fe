import type { WidgetProps } from "@rjsf/utils";
import { Switch } from "antd";

/** `"ui:widget": "pushSwitch"`: the master switch of /pushDataOp, 1 on and 0 off (3 §2.7). */
export function PushSwitchWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return <Switch id={id} aria-label="数据推送总开关" checkedChildren="开" unCheckedChildren="关" checked={value === 1} disabled={disabled || readonly} onChange={(on) => onChange(on ? 1 : 0)} />;
}
