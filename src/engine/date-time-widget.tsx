import type { WidgetProps } from "@rjsf/utils";
import { DatePicker } from "antd";
import dayjs from "dayjs";

/** The cms time format (1 §7). */
const format = "YYYY-MM-DD HH:mm:ss";

/**
 * `"ui:widget": "dateTimePicker"`: a date and time picked from a calendar or typed, kept as the
 * cms writes it. Every day is offered, past ones too: antd drops a typed value that falls on a
 * disabled day without a word, which left the field empty (and "required") where the person had
 * typed a time. A rule such as `notBeforeNow` is the schema's to judge, with its own message.
 */
export function DateTimePickerWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors }: WidgetProps) {
  const picked = typeof value === "string" && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      showTime
      format={format}
      value={picked?.isValid() ? picked : null}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? "error" : undefined}
      onChange={(day) => onChange(day ? day.format(format) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: "100%" }}
    />
  );
}
