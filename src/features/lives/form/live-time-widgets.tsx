import type { WidgetProps } from "@rjsf/utils";
import { useEffect } from "react";
import { Button, DatePicker, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { liveLimits } from "../../../../resources/lives/live-api";
import liveBeginSchema from "../../../../schemas/lives/live-begin.def.schema.json";
import { useFieldValue } from "../../../engine/form-values";

/** The cms time format (1 §7). */
const format = "YYYY-MM-DD HH:mm:ss";
const DAY_MS = 86_400_000;

const dayOf = (value: unknown): Dayjs | null => {
  const day = typeof value === "string" && value ? dayjs(value) : null;
  return day?.isValid() ? day : null;
};

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * What a picker offers between two moments (2 §5): whole days outside them disabled, and on the
 * first and last day the hours and minutes outside them. The schema still judges a typed time.
 */
export function limits(earliest: Dayjs | null, latest: Dayjs | null) {
  return {
    disabledDate: (day: Dayjs) => (!!earliest && day.isBefore(earliest, "day")) || (!!latest && day.isAfter(latest, "day")),
    disabledTime: (day: Dayjs | null) => {
      if (!day) return {};
      const onFirst = !!earliest && day.isSame(earliest, "day");
      const onLast = !!latest && day.isSame(latest, "day");
      return {
        disabledHours: () => [...(onFirst ? range(0, earliest!.hour()) : []), ...(onLast ? range(latest!.hour() + 1, 24) : [])],
        disabledMinutes: (hour: number) => [
          ...(onFirst && hour === earliest!.hour() ? range(0, earliest!.minute()) : []),
          ...(onLast && hour === latest!.hour() ? range(latest!.minute() + 1, 60) : []),
        ],
      };
    },
  };
}

function TimePicker({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, earliest, latest }: WidgetProps & { earliest: Dayjs | null; latest: Dayjs | null }) {
  return (
    <DatePicker
      id={id}
      showTime
      format={format}
      value={dayOf(value)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? "error" : undefined}
      {...limits(earliest, latest)}
      onChange={(day) => onChange(day ? day.format(format) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: 240 }}
    />
  );
}

/**
 * The earliest start the picker offers: a day before now (2 §5, the span of schemas/lives/live-begin.def,
 * by which the schema and the server judge it), up to the next whole minute, since the picker
 * offers minutes and a start in this minute's first seconds would already be refused.
 */
const earliestStart = () => dayjs().subtract(liveBeginSchema.notBeforeNow.graceMs, "millisecond").add(59_999, "millisecond").startOf("minute");

/**
 * `"ui:widget": "liveBegin"`: a live's start, offered from a day before now on (2 §5). A change
 * form fixes a start already past by making the field read-only (`ui:readonly`).
 */
export function LiveBeginWidget(props: WidgetProps) {
  return <TimePicker {...props} earliest={earliestStart()} latest={null} />;
}

/**
 * `"ui:widget": "liveEnd"`: a live's end, offered within a day after the start in
 * `ui:options.beginField` (2 §5), with the 1, 2 and 3 hour shortcuts of 2 §9 while the start may
 * still change (`ui:options.shortcuts` false hides them).
 */
export function LiveEndWidget(props: WidgetProps) {
  const { options, registry, onChange, disabled, readonly, value } = props;
  const begin = dayOf(useFieldValue<string>(registry, String(options.beginField ?? "begintime")));
  // `ui:options.followBeginMs`: the end is the start plus this, set whenever the start changes.
  const follow = Number(options.followBeginMs ?? 0);
  const followed = begin && follow > 0 ? begin.add(follow, "millisecond").format(format) : null;
  useEffect(() => {
    if (followed && followed !== value && !readonly) onChange(followed);
  }, [followed, value, readonly, onChange]);
  const picker = <TimePicker {...props} earliest={begin} latest={begin ? begin.add(DAY_MS, "millisecond") : null} />;
  if (options.shortcuts === false) return picker;
  return (
    <Space wrap>
      {picker}
      {liveLimits.durationShortcutsHours.map((hours) => (
        <Button key={hours} size="small" disabled={!begin || disabled || readonly} onClick={() => begin && onChange(begin.add(hours, "hour").format(format))}>
          {hours}小时
        </Button>
      ))}
    </Space>
  );
}
