import { LeftOutlined, RightOutlined } from "../../../components/icons";
import { Button, Calendar, ConfigProvider, Space, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { palette } from "../../../lib/theme";

interface LiveCalendarProps {
  value: Dayjs;
  /** 'YYYY-MM-DD' of the days holding a live. */
  marked: ReadonlySet<string>;
  onSelect: (day: Dayjs) => void;
  onMonth: (month: Dayjs) => void;
}

/**
 * Days of the neighbouring months are shown in antd's disabled grey, 1.9:1 on white: here they take
 * the muted text colour (5.3:1), still lighter than the month's own days.
 */
const neighbourDays = { token: { colorTextDisabled: palette.mutedText } };

/** The month shown and the ways to another: 上个月, 今天, 下个月. */
export function MonthHeader({ month, onChange }: { month: Dayjs; onChange: (month: Dayjs) => void }) {
  return (
    <Space style={{ display: "flex", justifyContent: "space-between", padding: "4px 4px 8px" }}>
      <Button type="text" size="small" icon={<LeftOutlined />} aria-label="上个月" onClick={() => onChange(month.subtract(1, "month"))} />
      <Typography.Text strong aria-live="polite" style={{ whiteSpace: "nowrap" }}>
        {month.format("YYYY年M月")}
      </Typography.Text>
      <Space size={4}>
        <Button size="small" onClick={() => onChange(dayjs())}>
          今天
        </Button>
        <Button type="text" size="small" icon={<RightOutlined />} aria-label="下个月" onClick={() => onChange(month.add(1, "month"))} />
      </Space>
    </Space>
  );
}

/** The month of lives (antd Calendar, zh-CN from the app's locale): a dot under each day holding one. */
export function LiveCalendar({ value, marked, onSelect, onMonth }: LiveCalendarProps) {
  return (
    <ConfigProvider theme={neighbourDays}>
      <Calendar
        fullscreen={false}
        value={value}
        onSelect={(day, info) => {
          onSelect(day);
          if (info.source !== "date") onMonth(day);
        }}
        onPanelChange={(day) => onMonth(day)}
        // A header of named buttons: antd's own year and month selects carry no label.
        headerRender={({ value: shown, onChange }) => <MonthHeader month={shown} onChange={onChange} />}
        // The cell's number is the calendar's own; what is rendered here goes under it.
        cellRender={(day, info) =>
          info.type === "date" && marked.has(day.format("YYYY-MM-DD")) ? (
            <span role="img" aria-label="有直播" style={{ display: "block", width: 5, height: 5, margin: "1px auto 0", borderRadius: "50%", background: palette.primary }} />
          ) : null
        }
      />
    </ConfigProvider>
  );
}
