import { useMemo } from "react";
import { courseSeats } from "../../../../resources/courses/course";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import type { RowPartProps } from "../../../engine/registry";
import livePicker from "../../../../resources/lives/student-picker";
import { TwoPanePicker } from "../../../engine/two-pane-picker";
import { LiveEnrolDialog } from "../dialogs/live-enrol-dialog";

/** A live as the student dialogs name it: its id, title, course and seats; one object per row, as the dialogs keep the last one shown. */
const useLiveRef = (row: RowPartProps["row"]) =>
  useMemo(() => {
    const live = row as LiveRecord;
    return { id: live.Id, title: live.Title, courseId: live.CourseId, seats: courseSeats(live.CourseType, live.CourseMaxUsers) };
  }, [row]);

/** 添加学员 (2 §2): the live's two student panes. */
export function LiveStudentsPart({ row, open, onClose }: RowPartProps) {
  const live = useLiveRef(row);
  return <TwoPanePicker picker={livePicker} owner={open ? live : null} onClose={onClose} />;
}

/** 批量导入 (2 §2, §5): the live's students by mobile from a sheet. */
export function LiveEnrolPart({ row, open, onClose }: RowPartProps) {
  const live = useLiveRef(row);
  return <LiveEnrolDialog live={open ? live : null} onClose={onClose} />;
}
