import { useInvalidate } from "@refinedev/core";
import type { RegistryWidgetsType, WidgetProps } from "@rjsf/utils";
import { useMemo, useRef, useState } from "react";
import live from "../../../../resources/lives/live";
import { liveApi, type LiveRecord } from "../../../../resources/lives/live-api";
import { HttpRequestError } from "../../../../providers/http";
import { reportError } from "../../../../providers/notify";
import { useCallMutation } from "../../../lib/use-call";
import { saveFailureText } from "../form/use-live-save";
import { SchemaDialog } from "../dialogs/schema-dialog";
import { MasterLiveWidget } from "./master-live-widget";
import { subLiveBody } from "./save-sub-live";

export interface SubLiveFormDialogProps {
  open: boolean;
  courseId: number;
  /** 添加子班级: the main classroom to start with; 修改: the sub-class changed. */
  target: { mode: "create"; masterId?: number } | { mode: "edit"; record: LiveRecord };
  onClose: () => void;
}

/**
 * The sub-class form (2 §2 添加子班级 / 修改, §5): the main classroom (picked from the course's),
 * start and end, the class name, drawn by RJSF from schemas/lives/sub-live.create|edit with their rules
 * and messages; saved through the add-live and modify-live calls (2 §7), a refusal told as the live
 * form tells it (2 §8) with the server's words under the field it names (a name already used under
 * the main classroom, times outside it). The lists of lives (sub-class lists included) are
 * invalidated after a save.
 */
export function SubLiveFormDialog({ open, courseId, target, onClose }: SubLiveFormDialogProps) {
  const { send } = useCallMutation();
  const invalidate = useInvalidate();
  const [saving, setSaving] = useState(false);
  // Enter pressed again while a save is on its way must not send it twice.
  const inFlight = useRef(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const widgets = useMemo<RegistryWidgetsType>(() => ({ masterLivePicker: (props: WidgetProps) => <MasterLiveWidget {...props} courseId={courseId} /> }), [courseId]);
  const editing = target.mode === "edit" ? target.record : undefined;
  const presetMaster = target.mode === "create" ? target.masterId : undefined;
  // One object for the dialog's life: a new one at every render would start the form over.
  const initialData = useMemo(
    () =>
      editing
        ? { masterid: editing.MasterId, begintime: editing.BeginTime, endtime: editing.EndTime, subClassName: editing.SubClassName }
        : presetMaster
          ? { masterid: presetMaster }
          : {},
    [editing, presetMaster],
  );
  return (
    <SchemaDialog
      form={editing ? "sub-live.edit" : "sub-live.create"}
      open={open}
      initialData={initialData}
      widgets={widgets}
      saving={saving}
      serverErrors={serverErrors}
      onServerErrorsSeen={() => setServerErrors(undefined)}
      onClose={onClose}
      onSubmit={async (values) => {
        if (inFlight.current) return false;
        inFlight.current = true;
        setSaving(true);
        setServerErrors(undefined);
        try {
          let body;
          try {
            body = await subLiveBody(values, courseId, editing);
          } catch (error) {
            reportError(error, "主教室信息获取失败：");
            return false;
          }
          await send(editing ? liveApi.update : liveApi.create, body, {
            successNotification: (answer) => ({ type: "success", message: (answer as { msg?: string } | undefined)?.msg || (editing ? "修改成功" : "添加成功") }),
            errorNotification: (error) => {
              const text = saveFailureText(editing ? "edit" : "create", error);
              return text === null ? false : { type: "error", message: text };
            },
          });
          await invalidate({ resource: live.name, invalidates: ["list"] });
          return true;
        } catch (error) {
          if (error instanceof HttpRequestError && error.errors) setServerErrors(error.errors);
          return false;
        } finally {
          inFlight.current = false;
          setSaving(false);
        }
      }}
    />
  );
}
