import { Button, Card, Collapse, Empty, Result, Spin, Tabs, Typography } from "antd";
import { useSearchParams } from "react-router-dom";
import { portalApi, portalUserTypes, type PortalClass, type PortalRoleName } from "../../../../resources/portal/portal";
import { useCall } from "../../../lib/use-call";
import type { PortalPageProps } from "../portal-page";
import { CourseRooms } from "./course-rooms";

const tabs = [
  { key: "going", label: "进行中", timeOut: 0, empty: "没有进行中的课程" },
  { key: "ended", label: "已结束", timeOut: 1, empty: "没有已结束的课程" },
] as const;

/** One tab's courses, each opening to its rooms. */
function CourseTab({ role, timeOut, empty }: { role: PortalRoleName; timeOut: 0 | 1; empty: string }) {
  const classes = useCall<{ classes: PortalClass[] }>(portalApi.classes, { time_out: timeOut, user_type: portalUserTypes[role] });
  if (classes.error && !classes.loading)
    return <Result status="warning" title="课程加载失败" subTitle={classes.error.message} extra={<Button onClick={classes.retry}>重试</Button>} />;
  if (!classes.answer) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const list = classes.answer.data.classes;
  if (!list.length) return <Empty description={empty} style={{ padding: "32px 0" }} />;
  return (
    <Collapse
      items={list.map((course) => ({
        key: String(course.class_id),
        label: course.class_name,
        extra: <Typography.Text type="secondary">{course.total ? `已上${course.end}/${course.total}讲` : "暂无直播"}</Typography.Text>,
        children: <CourseRooms course={course} role={role} />,
      }))}
    />
  );
}

/** 我的课程 (1 §2.2, 2 §2 "Portal"): courses in progress and ended, the tab kept in the address. */
export function CoursesPage({ role }: PortalPageProps) {
  const [params, setParams] = useSearchParams();
  const active = tabs.find((tab) => tab.key === params.get("tab")) ?? tabs[0];
  return (
    <Card>
      <Tabs
        activeKey={active.key}
        onChange={(key) => setParams(key === tabs[0].key ? {} : { tab: key }, { replace: true })}
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: <CourseTab role={role} timeOut={tab.timeOut} empty={tab.empty} /> }))}
      />
    </Card>
  );
}
