import { lazy, Suspense, useCallback, useState } from "react";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { SubLiveFormDialogProps } from "./sub-live-form-dialog";

// RJSF, ajv and the form's files load with the first opening.
const SubLiveFormDialog = lazy(() => import("./sub-live-form-dialog").then((m) => ({ default: m.SubLiveFormDialog })));

type Target = SubLiveFormDialogProps["target"] & { courseId: number };

/** The sub-class form for a page: `add(courseId, masterId)`, `edit(sub-class)`, and the dialog to render. */
export function useSubLiveForm() {
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);
  const add = useCallback((courseId: number, masterId?: number) => {
    setTarget({ mode: "create", masterId, courseId });
    setOpen(true);
  }, []);
  const edit = useCallback((record: LiveRecord) => {
    setTarget({ mode: "edit", record, courseId: record.CourseId });
    setOpen(true);
  }, []);
  const dialog = target && (
    <Suspense fallback={null}>
      <SubLiveFormDialog key={target.mode === "edit" ? `edit-${target.record.Id}` : `add-${target.masterId ?? 0}`} open={open} courseId={target.courseId} target={target} onClose={() => setOpen(false)} />
    </Suspense>
  );
  return { add, edit, dialog };
}
