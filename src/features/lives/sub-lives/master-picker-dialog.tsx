import type { BaseRecord } from "@refinedev/core";
import { Button, Modal } from "antd";
import { useMemo } from "react";
import { masterPicker } from "../../../../resources/lives/sub-live";
import { ResourceTable } from "../../../engine/resource-table";
import type { BespokeRowActions } from "../../../engine/row-actions";
import type { ListCall } from "../../../engine/use-resource-rows";

export interface MasterPickerDialogProps {
  open: boolean;
  courseId: number;
  onPick: (master: BaseRecord) => void;
  onClose: () => void;
}

/**
 * 选择主教室 (2 §2 main-classroom picker): the engine's table of resources/lives/sub-live.ts
 * `masterPicker`, the course's main classrooms searched by name, kept in the dialog's own state,
 * each row with 选择.
 */
export function MasterPickerDialog({ open, courseId, onPick, onClose }: MasterPickerDialogProps) {
  const listCall = useMemo<ListCall>(() => () => ({ api: masterPicker.api, params: { courseid: courseId } }), [courseId]);
  const pick = useMemo<BespokeRowActions>(
    () => ({
      pick: (row) => (
        <Button type="link" size="small" aria-label={`选择${String(row.Title)}`} onClick={() => onPick(row)}>
          选择
        </Button>
      ),
    }),
    [onPick],
  );
  return (
    <Modal title={masterPicker.title} open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {open && <ResourceTable decl={masterPicker} placeIn="state" listCall={listCall} rowActions={pick} />}
    </Modal>
  );
}
