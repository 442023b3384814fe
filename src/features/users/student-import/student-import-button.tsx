import { UploadOutlined } from "../../../components/icons";
import { Button } from "antd";
import { useState } from "react";
import { StudentImportDialog } from "./student-import-dialog";

/**
 * 批量导入 for the /studentop toolbar: opens the import dialog; `onImported` runs after a run
 * that created at least one student, so the list can reload.
 */
export function StudentImportButton({ onImported }: { onImported: () => void }) {
  const [open, setOpen] = useState(false);
  // A new dialog each time it opens: nothing of the last import is carried over.
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        onClick={() => {
          setSession((n) => n + 1);
          setOpen(true);
        }}
      >
        批量导入
      </Button>
      <StudentImportDialog key={session} open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
