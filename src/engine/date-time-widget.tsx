import type { WidgetProps } from "@rjsf/utils";
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";

/** The cms time format (1 §7). */
const format = "YYYY-MM-DD HH:mm:ss";

/**
 * `"ui:widget": "dateTimePicker"`: a date and time picked from a calendar, kept as the cms writes
 * it. Where the schema says `notBeforeNow`, the days before today are not offered.
 */
export function DateTimePickerWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, rawErrors }: WidgetProps) {
  const picked = typeof value === "string" && value ? dayjs(value) : null;
  const notBeforeNow = (schema as { notBeforeNow?: boolean }).notBeforeNow === true;
  return (
    <DatePicker
      id={id}
      showTime
      format={format}
      value={picked?.isValid() ? picked : null}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? "error" : undefined}
      disabledDate={notBeforeNow ? (day: Dayjs) => day.isBefore(dayjs().startOf("day")) : undefined}
      onChange={(day) => onChange(day ? day.format(format) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: "100%" }}
    />
  );
}
