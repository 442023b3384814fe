import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import teacher from "../../../../resources/teacher";
import { DetailPage } from "./detail-page";
import { MissingPerson } from "./missing-person";
import type { DetailSubject } from "./user-stats-client";

const labels = { courses: "授课课程", lives: "授课直播" };

/** /teacherInfo?teacherId={id}: a teacher's (or assistant's) courses, lives and attendance. */
export function TeacherInfoPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get("teacherId"));
  const userid = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const subject = useMemo<DetailSubject | null>(() => (userid ? { kind: "teacher", userid } : null), [userid]);

  if (!subject) return <MissingPerson title="未指定老师" listRoute={teacher.route} listLabel="返回老师列表" />;
  return <DetailPage subject={subject} labels={labels} />;
}
