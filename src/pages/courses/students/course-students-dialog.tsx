import { Flex, Modal } from "antd";
import { addedPane, unaddedPane } from "./pane-kinds";
import { StudentPane } from "./student-pane";
import { useShownCourse, type CourseRef } from "./use-shown-course";

export type { CourseRef } from "./use-shown-course";

/**
 * 学员管理 of one course (1 §2.5): students not added on the left, added on the right, 5 a page
 * each with a search; adding or removing one reloads both (the change invalidates the panes' lists).
 * Open while `course` is set.
 */
export function CourseStudentsDialog({ course, onClose }: { course: CourseRef | null; onClose: () => void }) {
  const shown = useShownCourse(course);
  return (
    <Modal title={`学员管理 - ${shown?.title ?? ""}`} open={course !== null} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {shown && (
        <Flex key={shown.id} gap={16} align="stretch">
          <StudentPane kind={unaddedPane} courseId={shown.id} />
          <StudentPane kind={addedPane} courseId={shown.id} />
        </Flex>
      )}
    </Modal>
  );
}
