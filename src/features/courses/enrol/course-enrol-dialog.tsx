import { Modal } from "antd";
import { useShownOwner, type DialogOwner as CourseRef } from "../../../engine/use-shown-owner";
import { EnrolPanel } from "./enrol-panel";
import { useSendEnrolRow } from "./send-enrol-row";

export interface CourseEnrolDialogProps {
  course: CourseRef | null;
  onClose: () => void;
  /** Data rows to start with, as read from a sheet (stories). */
  initialRows?: string[][];
}

/** 批量导入 of a course's students by mobile (1 §2.5): open while `course` is set; closing drops the run. */
export function CourseEnrolDialog({ course, onClose, initialRows }: CourseEnrolDialogProps) {
  const shown = useShownOwner(course);
  const sendEnrolRow = useSendEnrolRow();
  return (
    <Modal
      title={`批量导入 - ${shown?.title ?? ""}`}
      open={course !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      maskClosable={false}
      destroyOnHidden
    >
      {shown && <EnrolPanel key={shown.id} send={(row) => sendEnrolRow(shown.id, row)} open={course !== null} onClose={onClose} initialRows={initialRows} />}
    </Modal>
  );
}
