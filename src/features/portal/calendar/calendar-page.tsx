import { Button, Card, Col, Row, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { portalApi, portalUserTypes, type PortalRoom } from "../../../../resources/portal/portal";
import { useCall } from "../../../lib/use-call";
import { usePhoneLayout } from "../../../lib/use-phone-layout";
import type { PortalPageProps } from "../portal-page";
import { RoomList } from "../rooms/room-list";
import { FeedCard } from "./feed-card";
import { LiveCalendar, MonthHeader } from "./live-calendar";

const dayText = (day: Dayjs) => day.format("YYYY-MM-DD");

/** The portal's home (1 §2.2 今日课程): the month of lives as a calendar, or as a list on a phone. */
export function CalendarPage({ role }: PortalPageProps) {
  return usePhoneLayout() ? <MonthList role={role} /> : <MonthGrid role={role} />;
}

/** The month with its days of lives marked, and the chosen day's rooms beside it. */
function MonthGrid({ role }: PortalPageProps) {
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
          <RoomList role={role} call={rooms} empty={today ? "今天没有直播" : "这一天没有直播"} />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * On a phone (issue 16 item 3.22) a month grid beside a day's rooms has no room: the month's lives
 * are one list, each with its date, under the month and its arrows. This month's list starts today;
 * its earlier lives are a tap away.
 */
function MonthList({ role }: PortalPageProps) {
  const [month, setMonth] = useState(() => dayjs().startOf("month"));
  const [withEarlier, setWithEarlier] = useState(false);
  const rooms = useCall<PortalRoom[]>(portalApi.lives, {
    usertype: portalUserTypes[role],
    start: dayText(month.startOf("month")),
    end: dayText(month.endOf("month")),
  });
  const today = dayText(dayjs());
  const folded = month.isSame(dayjs(), "month") && !withEarlier;
  const shown = rooms.answer?.data.filter((room) => !folded || room.begin_time.slice(0, 10) >= today);
  const earlier = (rooms.answer?.data.length ?? 0) - (shown?.length ?? 0);
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }}>
      <Card size="small">
        <MonthHeader
          month={month}
          onChange={(shown) => {
            setMonth(shown.startOf("month"));
            setWithEarlier(false);
          }}
        />
        {earlier > 0 && (
          <Button type="link" size="small" onClick={() => setWithEarlier(true)}>
            {`显示本月更早的${earlier}场直播`}
          </Button>
        )}
        <RoomList role={role} call={rooms} rooms={shown} withDate empty="这个月没有直播" />
      </Card>
      <FeedCard />
    </Space>
  );
}
