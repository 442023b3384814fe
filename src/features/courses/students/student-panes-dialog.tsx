import { Flex, Modal } from "antd";
import type { PaneKind } from "./pane-kinds";
import { StudentPane } from "./student-pane";
import { useShownCourse, type CourseRef } from "./use-shown-course";

export interface StudentPanesDialogProps {
  /** The owner (a course, a live) whose students the panes show; the dialog is open while set. */
  owner: CourseRef | null;
  /** What the dialog is called before the owner's name (学员管理, 添加学员). */
  title: string;
  /** The not-added pane, then the added one. */
  panes: [PaneKind, PaneKind];
  onClose: () => void;
}

/**
 * A two-pane student picker (1 §2.5, 2 §2): students not added on the left, added on the right, 5 a
 * page each with a search; adding or removing one reloads both (the change invalidates the panes'
 * lists).
 */
export function StudentPanesDialog({ owner, title, panes, onClose }: StudentPanesDialogProps) {
  const shown = useShownCourse(owner);
  return (
    <Modal title={`${title} - ${shown?.title ?? ""}`} open={owner !== null} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {shown && (
        <Flex key={shown.id} gap={16} align="stretch">
          {panes.map((kind) => (
            <StudentPane key={kind.title} kind={kind} ownerId={shown.id} seats={shown.seats ?? null} />
          ))}
        </Flex>
      )}
    </Modal>
  );
}
