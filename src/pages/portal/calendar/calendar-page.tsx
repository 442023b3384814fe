import { Card, Col, Row } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { portalApi, portalUserTypes, type PortalRoom } from "../../../../resources/portal";
import { useCall } from "../../../lib/use-call";
import type { PortalPageProps } from "../portal-page";
import { RoomList } from "../rooms/room-list";
import { FeedCard } from "./feed-card";
import { LiveCalendar } from "./live-calendar";

const dayText = (day: Dayjs) => day.format("YYYY-MM-DD");

/** The portal's home (1 §2.2 今日课程): the month with its days of lives marked, and the chosen day's rooms. */
export function CalendarPage({ role }: PortalPageProps) {
  const usertype = portalUserTypes[role];
  const [day, setDay] = useState(() => dayjs());
  const [month, setMonth] = useState(() => dayjs().startOf("month"));
  const dates = useCall<{ livedate: string[] }>(portalApi.liveDates, {
    usertype,
    start: dayText(month.startOf("month")),
    end: dayText(month.endOf("month")),
  });
  const marked = useMemo(() => new Set(dates.answer?.data.livedate ?? []), [dates.answer]);
  const rooms = useCall<PortalRoom[]>(portalApi.lives, { usertype, start: dayText(day), end: dayText(day) });
  const today = day.isSame(dayjs(), "day");

  return (
    <Row gutter={[16, 16]} wrap>
      <Col flex="360px">
        <Card size="small" style={{ marginBottom: 16 }}>
          <LiveCalendar value={day} marked={marked} onSelect={setDay} onMonth={(m) => setMonth(m.startOf("month"))} />
        </Card>
        <FeedCard />
      </Col>
      <Col flex="1 1 480px">
        <Card title={`${today ? "今天" : day.format("M月D日")}的直播`} extra={rooms.answer ? `共${rooms.answer.data.length}场` : undefined}>
          <RoomList
            role={role}
            rooms={rooms.answer?.data}
            loading={rooms.loading}
            error={rooms.error}
            updatedAt={rooms.updatedAt}
            reload={rooms.retry}
            empty={today ? "今天没有直播" : "这一天没有直播"}
          />
        </Card>
      </Col>
    </Row>
  );
}
