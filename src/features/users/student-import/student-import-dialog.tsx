import { Modal } from "antd";
import { StudentImportPanel, type StudentImportPanelProps } from "./student-import-panel";

/** The batch-import dialog; its content (rows, results, progress) is dropped when it closes. */
export function StudentImportDialog(props: StudentImportPanelProps) {
  return (
    <Modal title="批量导入学生" open={props.open} onCancel={props.onClose} footer={null} width={1000} maskClosable={false} destroyOnHidden>
      <StudentImportPanel {...props} />
    </Modal>
  );
}
