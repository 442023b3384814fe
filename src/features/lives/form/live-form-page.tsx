import { Alert, Button, Card, Modal, Result, Space, Spin } from "antd";
import { useMemo, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { liveCourseKeys } from "../../../../resources/lives/live-api";
import { AccessGate } from "../../../engine/access-gate";
import { useEngineRegistry } from "../../../engine/registry";
import { focusFirstField } from "../../../engine/resource-form-dialog";
import { SchemaForm, type FormHandle } from "../../../engine/schema-form";
import { useLiveForm, type LiveFormMode, type LiveFormPlace } from "./use-live-form";
import { useLiveSave } from "./use-live-save";

const whole = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** /createLive?courseId&courseType (2 §2, §5): a new live of a course. */
export function LiveCreatePage() {
  return <LiveFormPage mode="create" />;
}

/** /changeLive?liveId&courseType&courseId (2 §2, §5): a live's change. */
export function LiveChangePage() {
  return <LiveFormPage mode="edit" />;
}

function LiveFormPage({ mode }: { mode: LiveFormMode }) {
  const [search] = useSearchParams();
  const courseId = whole(search.get("courseId"));
  const liveId = whole(search.get("liveId"));
  const courseType = Number(search.get("courseType") ?? NaN);
  const place = useMemo<LiveFormPlace>(() => ({ mode, courseId, courseType, liveId }), [mode, courseId, courseType, liveId]);
  const missing = mode === "create" ? !courseId && "未指定课程，请从课程的直播列表进入" : !liveId && "未指定直播，请从直播列表进入";
  return (
    <Card title={mode === "create" ? "创建直播" : "修改直播"}>
      <AccessGate menuKey={liveCourseKeys}>{missing ? <Result status="warning" title={missing} /> : <LiveFormBody place={place} />}</AccessGate>
    </Card>
  );
}

/** Back where the form was opened from (the course's lives or /liveop); opened from an address, the course's lives. */
function useBack(courseId: number) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key !== "default" ? navigate(-1) : navigate(courseId ? `/liveCourse?courseId=${courseId}` : "/liveop"));
}

function LiveFormBody({ place }: { place: LiveFormPlace }) {
  const state = useLiveForm(place);
  const formRef = useRef<FormHandle>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const { widgets } = useEngineRegistry();
  const [modal, modalHolder] = Modal.useModal();
  const { save, saving, serverErrors, clearServerErrors } = useLiveSave(place.mode, modal);
  const back = useBack(place.courseId);

  if (state.status === "failed")
    return <Result status="error" title={state.title} subTitle={state.message} extra={<Button onClick={state.retry}>重试</Button>} />;
  if (state.status === "loading")
    return (
      <div style={{ padding: "64px 0", textAlign: "center" }}>
        <Spin />
      </div>
    );
  const { definition, initialData, record } = state;
  return (
    <div ref={bodyRef} style={{ maxWidth: 880 }}>
      {modalHolder}
      {record && record.Emulateid > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="这是一场仿真直播：它的仿真直播模板和直播类型创建后不可修改" />
      )}
      <SchemaForm
        definition={definition}
        initialData={initialData}
        formRef={formRef}
        widgets={widgets}
        serverErrors={serverErrors}
        onServerErrorsSeen={clearServerErrors}
        onMounted={() => focusFirstField(bodyRef.current)}
        onSubmit={async (sent) => {
          if (await save(sent)) back();
        }}
      />
      <Space style={{ marginLeft: 96 }}>
        <Button type="primary" loading={saving} onClick={() => formRef.current?.submit()}>
          确定
        </Button>
        <Button onClick={back}>取消</Button>
      </Space>
    </div>
  );
}
