import { Alert, Button, Typography } from "antd";
import { useMemo } from "react";
import { liveApi, type LiveRecord } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";
import { useCall, useCallMutation } from "../../../lib/use-call";
import { SchemaDialog } from "./schema-dialog";

export interface InitNumDialogProps {
  open: boolean;
  /** The live whose audience base is changed. */
  live: LiveRecord;
  onClose: () => void;
}

/**
 * 修改直播房间人数基数 (2 §2, §5): the number added to a room's head count, 0 to 10,000,000, read
 * from the server and saved back (schemas/lives/live-audience.edit: the rule and its words).
 */
export function InitNumDialog({ open, live, onClose }: InitNumDialogProps) {
  const current = useCall<{ initNum: number }>(liveApi.initNumGet, { liveid: live.Id }, { enabled: open });
  const { send, busy } = useCallMutation();
  const loaded = current.answer?.data?.initNum;
  // The form starts once a value is in; a save asks again, so the next opening starts from it.
  const ready = open && loaded !== undefined;
  // One object per value read: a new one at every render would start the form over.
  const initialData = useMemo(() => ({ initnum: loaded }), [loaded]);
  return (
    <SchemaDialog
      form="live-audience.edit"
      open={open}
      key={live.Id}
      initialData={initialData}
      waiting={!ready || !!current.error}
      saving={busy}
      onClose={onClose}
      intro={
        <>
          <Typography.Paragraph type="secondary">{live.Title}：观看人数显示为实际人数加上基数。</Typography.Paragraph>
          {current.error && (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`人数基数获取失败：${errorText(current.error)}`} action={<Button size="small" onClick={current.retry}>重试</Button>} />
          )}
        </>
      }
      onSubmit={async (values) => {
        try {
          await send(liveApi.initNumSet, { liveid: live.Id, initnum: values.initnum as number }, {
            successNotification: (answer) => ({ type: "success", message: (answer as { msg?: string } | undefined)?.msg || "修改成功" }),
            errorNotification: (error) => ({ type: "error", message: "修改失败", description: error?.message }),
          });
          current.retry();
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
