import { ArrowLeftOutlined, PlusOutlined } from "../../../components/icons";
import { Button, Card, Result, Space } from "antd";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { liveCourseRoute } from "../../../../resources/lives/live";
import { liveApi, liveCourseKeys, type LiveRecord } from "../../../../resources/lives/live-api";
import { AccessGate } from "../../../engine/access-gate";
import { useListPlace } from "../../../engine/use-list-place";
import { useCall } from "../../../lib/use-call";
import { LiveDialogs } from "../live-dialogs";
import type { OperationHandlers } from "../operations/operations-cell";
import { useVoidLive } from "../operations/use-void-live";
import { useLiveDialogs } from "../use-live-dialogs";
import { SubLiveTable } from "./sub-live-table";
import { useSubLiveForm } from "./use-sub-live-form";

function SubLives({ masterId, courseId }: { masterId: number; courseId: number }) {
  const navigate = useNavigate();
  const { place, go } = useListPlace();
  const master = useCall<LiveRecord>(liveApi.info, { liveid: masterId });
  const dialogs = useLiveDialogs();
  const subForm = useSubLiveForm();
  const [voidLive, voidHolder] = useVoidLive();
  const handlers = useMemo<OperationHandlers>(() => ({ students: dialogs.handlers.students, modify: subForm.edit, void: voidLive }), [dialogs.handlers.students, subForm.edit, voidLive]);
  const name = master.answer?.data?.Title;
  return (
    <Card
      title={name ? `子班级管理 - ${name}` : "子班级管理"}
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => subForm.add(courseId, masterId)}>
            添加子班级
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`${liveCourseRoute}?courseId=${courseId}`)}>
            返回
          </Button>
        </Space>
      }
    >
      <SubLiveTable master={{ id: masterId, courseId }} place={{ page: place.page, pageSize: place.pageSize, go: (next) => go(next) }} handlers={handlers} />
      <LiveDialogs dialogs={dialogs} />
      {subForm.dialog}
      {voidHolder}
    </Card>
  );
}

/** /subLiveManager?masterLiveId&courseId (2 §2): a main classroom's sub-classes, added and changed through the sub-class form. */
export function SubLivePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const masterId = Number(params.get("masterLiveId"));
  const courseId = Number(params.get("courseId"));
  if (!(masterId > 0 && Number.isInteger(masterId) && courseId > 0 && Number.isInteger(courseId)))
    return (
      <Result
        status="warning"
        title="未指定主教室"
        subTitle="请从课程的直播列表进入子班级管理"
        extra={<Button onClick={() => navigate("/courseop")}>返回课程管理</Button>}
      />
    );
  return (
    <AccessGate menuKey={liveCourseKeys}>
      <SubLives key={`${masterId}-${courseId}`} masterId={masterId} courseId={courseId} />
    </AccessGate>
  );
}
