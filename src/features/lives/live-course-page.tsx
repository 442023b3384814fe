import { ArrowLeftOutlined, PlusOutlined } from "../../components/icons";
import { Button, Card, Result, Space, Spin } from "antd";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import course from "../../../resources/courses/course";
import { liveApi, liveCourseKeys, subClassCourseTypes } from "../../../resources/lives/live-api";
import { errorText } from "../../../providers/http";
import { AccessGate } from "../../engine/access-gate";
import type { ListCall, ListCallChoice } from "../../engine/use-resource-rows";
import { listAddress } from "../../engine/use-list-place";
import { useCall } from "../../lib/use-call";
import { LiveListFrame } from "./live-list-frame";

/**
 * The list's calls for a course (2 §7): its lives by `couseid` (sic); a double-teacher or
 * large-class small-lesson course (types 5, 18) unfiltered lists its main classrooms.
 */
const callsFor =
  (courseId: number, type: number | undefined): ListCall =>
  (filtered): ListCallChoice =>
    type !== undefined && subClassCourseTypes.includes(type) && !filtered
      ? { api: { list: liveApi.master }, params: { courseid: courseId } }
      : { api: { list: liveApi.search }, params: { couseid: courseId } };

function CourseLives({ courseId, nameGiven }: { courseId: number; nameGiven: string }) {
  const navigate = useNavigate();
  const { answer, error } = useCall<{ name: string; type: number }>(liveApi.courseName, { id: courseId });
  const known = answer?.data;
  const listCall = useMemo(() => callsFor(courseId, known?.type), [courseId, known?.type]);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listAddress(course.route))}>
      返回
    </Button>
  );
  if (error) return <Result status="error" title="课程加载失败" subTitle={errorText(error)} extra={back} />;
  if (!known) return <Card title={nameGiven || "课程直播"} extra={back}><Spin /></Card>;
  const create = `/createLive?courseId=${courseId}&courseType=${known.type}`;
  return (
    <LiveListFrame
      title={known.name}
      access={liveCourseKeys}
      listCall={listCall}
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(create)}>
            创建直播
          </Button>
          {back}
        </Space>
      }
    />
  );
}

/** /liveCourse?courseId&courseName (2 §2): the lives of one course, titled by its name, with a way back to /courseop. */
export function LiveCoursePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = Number(params.get("courseId"));
  if (!Number.isInteger(courseId) || courseId <= 0)
    return (
      <Result
        status="warning"
        title="未指定课程"
        subTitle="请从课程管理进入课程的直播"
        extra={<Button onClick={() => navigate(course.route)}>返回课程管理</Button>}
      />
    );
  return (
    <AccessGate menuKey={liveCourseKeys}>
      <CourseLives key={courseId} courseId={courseId} nameGiven={params.get("courseName") ?? ""} />
    </AccessGate>
  );
}
