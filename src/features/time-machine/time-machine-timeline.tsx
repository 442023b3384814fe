import { Alert, Button, Empty, Result, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useRef, useState } from "react";
import { hostBase } from "../../../providers/hosts";
import { timeMachineApi, timeMachineMessages, timelineSettings } from "../../../resources/time-machine/time-machine";
import type { PagePartProps } from "../../engine/registry";
import { useCall } from "../../lib/use-call";
import { reducedMotion } from "../../lib/reduced-motion";
import { palette } from "../../lib/theme";
import { TimelineFiller, type Footmark, type Slot } from "./timeline-filling";

const gridStyle = {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: 12,
  maxHeight: "70vh",
  overflowY: "auto",
  padding: 2,
} as const;
const slotStyle = { margin: 0, aspectRatio: "16 / 9", borderRadius: 6, overflow: "hidden", background: "#f0f2f5", border: "1px dashed #d9d9d9" } as const;
const captionStyle = { fontSize: 12, color: palette.mutedText, textAlign: "center", marginTop: 4 } as const;

const timeOf = (ts: number) => dayjs(ts).format("YYYY-MM-DD HH:mm:ss");

/**
 * /teaTimeMachine's timeline (2 §2, §4, §9): the live's frames, asked every 65 s, joining one by one
 * into the empty slots first, then after the last, the list scrolling to each one appended.
 */
export function TimeMachineTimeline({ params }: PagePartProps) {
  const { answer, error, loading, retry } = useCall<Footmark>(timeMachineApi.footmark, { liveid: params.liveid }, { refreshMs: timelineSettings.pollMs, keepPrevious: true });
  const [slots, setSlots] = useState<readonly Slot[]>(() => Array.from({ length: timelineSettings.slots }, () => null));
  const grid = useRef<HTMLDivElement>(null);
  const filler = useRef<TimelineFiller | null>(null);

  useEffect(() => {
    const made = new TimelineFiller((next, appended) => {
      setSlots(next);
      if (appended) requestAnimationFrame(() => grid.current?.lastElementChild?.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" }));
    });
    filler.current = made;
    setSlots(made.current);
    return () => made.dispose();
  }, [params.liveid]);

  const footmark = answer?.data;
  useEffect(() => {
    if (footmark) filler.current?.receive(footmark);
  }, [footmark]);

  if (error && !footmark) {
    return <Result status="error" title={timeMachineMessages.loadFailed} subTitle={error.message} extra={<Button onClick={retry}>重试</Button>} />;
  }
  const shown = slots.filter(Boolean).length;
  return (
    <div>
      <Typography.Paragraph>
        <Typography.Text strong>{footmark?.title ?? " "}</Typography.Text>
        <span role="status" aria-live="polite" style={{ marginLeft: 12, color: palette.mutedText }}>
          {footmark ? `共 ${footmark.timesort.length} 张截图` : loading ? "正在加载截图…" : ""}
        </span>
      </Typography.Paragraph>
      {error && <Alert type="warning" showIcon message={`${timeMachineMessages.loadFailed}：${error.message}`} style={{ marginBottom: 12 }} />}
      {footmark && footmark.timesort.length === 0 && <Empty description={timeMachineMessages.empty} style={{ marginBottom: 12 }} />}
      <div ref={grid} role="list" aria-label={`截图时间线（已显示 ${shown} 张）`} style={gridStyle}>
        {slots.map((shot, index) =>
          shot ? (
            <figure key={shot.ts} role="listitem" style={{ margin: 0 }}>
              <a href={hostBase(timeMachineApi.image.host) + shot.url} target="_blank" rel="noreferrer">
                <img src={hostBase(timeMachineApi.image.host) + shot.url} alt={`直播截图 ${timeOf(shot.ts)}`} loading="lazy" style={{ ...slotStyle, width: "100%", objectFit: "cover", borderStyle: "solid" }} />
              </a>
              <figcaption style={captionStyle}>{timeOf(shot.ts)}</figcaption>
            </figure>
          ) : (
            <div key={`empty-${index}`} role="listitem" aria-label="空位">
              <div style={slotStyle} />
              <div style={captionStyle}>&nbsp;</div>
            </div>
          ),
        )}
      </div>
    </div>
  );
}
