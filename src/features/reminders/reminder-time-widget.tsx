import type { WidgetProps } from "@rjsf/utils";
import { Checkbox, ConfigProvider, Flex, Select } from "antd";
import { useState } from "react";
import { useServiceStatus } from "./use-service-status";

const minutes = (seconds: number) => `${seconds / 60}分钟`;

// A waiting selector still says the time it would use: its text keeps WCAG AA contrast (5.7:1 on
// the disabled grey), where antd's disabled text (#b8b8b8) would not.
const readableWhenDisabled = { token: { colorTextDisabled: "#666666" } };

/**
 * `"ui:widget": "reminderTime"` of /smartTeaService (schemas/reminders/smart-reminder.edit.ui.json):
 * a reminder's checkbox and its time (3 §2.7). Ticked, the time selector is enabled and the value is
 * its seconds; unticked, the value is 0 (no reminder) and the selector keeps showing the time it
 * would use, the spec's default (`preset`) at first. Both wait while the service is off. The choices
 * are the schema's (reminder-time.def), 0 left out.
 */
export function ReminderTimeWidget({ id, value, onChange, disabled, readonly, schema, label, options }: WidgetProps) {
  const { on } = useServiceStatus();
  const seconds = typeof value === "number" ? value : 0;
  const [shown, setShown] = useState<number>(seconds > 0 ? seconds : Number(options.preset));
  const choices = ((schema.enum ?? []) as number[]).filter((n) => n > 0);
  const off = !on || disabled || readonly;
  return (
    <Flex gap={12} align="center">
      <Checkbox id={id} checked={seconds > 0} disabled={off} onChange={(e) => onChange(e.target.checked ? shown : 0)}>
        {label}
      </Checkbox>
      <ConfigProvider theme={readableWhenDisabled}>
        <Select
          aria-label={`${label}时间`}
          style={{ width: 120 }}
          value={shown}
          disabled={off || seconds === 0}
          options={choices.map((n) => ({ value: n, label: minutes(n) }))}
          onChange={(n: number) => {
            setShown(n);
            onChange(n);
          }}
        />
      </ConfigProvider>
    </Flex>
  );
}
