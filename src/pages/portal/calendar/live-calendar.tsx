import { Calendar } from "antd";
import type { Dayjs } from "dayjs";
import { palette } from "../../../lib/theme";

interface LiveCalendarProps {
  value: Dayjs;
  /** 'YYYY-MM-DD' of the days holding a live. */
  marked: ReadonlySet<string>;
  onSelect: (day: Dayjs) => void;
  onMonth: (month: Dayjs) => void;
}

/** The month of lives (antd Calendar, zh-CN from the app's locale): a dot under each day holding one. */
export function LiveCalendar({ value, marked, onSelect, onMonth }: LiveCalendarProps) {
  return (
    <Calendar
      fullscreen={false}
      value={value}
      onSelect={(day, info) => {
        onSelect(day);
        if (info.source !== "date") onMonth(day);
      }}
      onPanelChange={(day) => onMonth(day)}
      // The cell's number is the calendar's own; what is rendered here goes under it.
      cellRender={(day, info) =>
        info.type === "date" && marked.has(day.format("YYYY-MM-DD")) ? (
          <span role="img" aria-label="有直播" style={{ display: "block", width: 5, height: 5, margin: "1px auto 0", borderRadius: "50%", background: palette.primary }} />
        ) : null
      }
    />
  );
}
