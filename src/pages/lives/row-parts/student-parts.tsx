import { useMemo } from "react";
import { courseSeats } from "../../../../resources/course";
import type { LiveRecord } from "../../../../resources/live-api";
import type { RowPartProps } from "../../../engine/registry";
import { StudentPanesDialog } from "../../courses/students/student-panes-dialog";
import { LiveEnrolDialog } from "../dialogs/live-enrol-dialog";
import { liveStudentPanes } from "../dialogs/live-panes";

/** A live as the student dialogs name it: its id, title, course and seats; one object per row, as the dialogs keep the last one shown. */
const useLiveRef = (row: RowPartProps["row"]) =>
  useMemo(() => {
    const live = row as LiveRecord;
    return { id: live.Id, title: live.Title, courseId: live.CourseId, seats: courseSeats(live.CourseType, live.CourseMaxUsers) };
  }, [row]);

/** 添加学员 (2 §2): the live's two student panes. */
export function LiveStudentsPart({ row, open, onClose }: RowPartProps) {
  const live = useLiveRef(row);
  return <StudentPanesDialog owner={open ? live : null} title="添加学员" panes={liveStudentPanes} onClose={onClose} />;
}

/** 批量导入 (2 §2, §5): the live's students by mobile from a sheet. */
export function LiveEnrolPart({ row, open, onClose }: RowPartProps) {
  const live = useLiveRef(row);
  return <LiveEnrolDialog live={open ? live : null} onClose={onClose} />;
}
