import type { BaseRecord } from "@refinedev/core";
import type { WidgetProps } from "@rjsf/utils";
import { Button, Modal, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { templatePicker } from "../../../../resources/lives/emulate-template";
import { liveApi, type EmulateTemplateRecord } from "../../../../resources/lives/live-api";
import { ResourceTable } from "../../../engine/resource-table";
import { useCall } from "../../../lib/use-call";

export interface TemplatePickerDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (template: EmulateTemplateRecord) => void;
}

/** The simulated-live template picker: the engine's table of its declaration, each row with 选择. */
export function TemplatePickerDialog({ open, onClose, onPick }: TemplatePickerDialogProps) {
  const pick = (row: BaseRecord) => (
    <Button type="link" size="small" aria-label={`选择${String(row.Title)}`} onClick={() => onPick(row as unknown as EmulateTemplateRecord)}>
      选择
    </Button>
  );
  return (
    <Modal open={open} title={templatePicker.title} width={880} footer={null} onCancel={onClose} destroyOnHidden>
      <ResourceTable decl={templatePicker} placeIn="state" rowActions={{ pick }} />
    </Modal>
  );
}

/**
 * `"ui:widget": "liveTemplate"`: the simulated-live template a new live plays (its `emulateid`, 0
 * none). The page shows the field only for a large class when templates exist (2 §4); choosing
 * one makes the live a simulated live, which the page confirms on saving.
 */
export function TemplatePickerWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<EmulateTemplateRecord | null>(null);
  const templateId = Number(value ?? 0);
  // A template chosen before (a form filled again) is named from the server.
  const known = chosen?.Id === templateId ? chosen : null;
  const { answer } = useCall<EmulateTemplateRecord>(liveApi.templateInfo, { id: templateId }, { enabled: templateId > 0 && !known });
  const shown = known ?? (answer?.data?.Id === templateId ? answer.data : null);
  const locked = disabled || readonly;

  return (
    <Space wrap id={id}>
      {templateId > 0 ? (
        <Tag color="blue" style={{ fontSize: 14, padding: "2px 8px" }}>
          {shown?.Title ?? `模板 ${templateId}`}
        </Tag>
      ) : (
        <Typography.Text type="secondary">不使用模板（普通直播）</Typography.Text>
      )}
      <Button disabled={locked} onClick={() => setOpen(true)}>
        {templateId > 0 ? "更换模板" : "选择仿真直播模板"}
      </Button>
      {templateId > 0 && (
        <Button type="link" disabled={locked} onClick={() => onChange(0)}>
          不使用模板
        </Button>
      )}
      <TemplatePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onPick={(template) => {
          setChosen(template);
          onChange(template.Id);
          setOpen(false);
        }}
      />
    </Space>
  );
}
