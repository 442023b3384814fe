import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import teacher from "../../../../resources/users/teacher";
import { DetailPage } from "./detail-page";
import { MissingPerson } from "./missing-person";
import type { DetailSubject } from "./user-stats-client";

const labels = { courses: "授课课程", lives: "授课直播" };
const list = { listRoute: teacher.route, listLabel: "返回老师列表" };
const notFound = { title: "未找到该老师", ...list };

/** /teacherInfo?teacherId={id}: a teacher's courses, lives and attendance; teachers only (the server answers 记录不存在 for anyone else). */
export function TeacherInfoPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get("teacherId"));
  const userid = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const subject = useMemo<DetailSubject | null>(() => (userid ? { kind: "teacher", userid } : null), [userid]);

  if (!subject) return <MissingPerson title="未指定老师" {...list} />;
  return <DetailPage subject={subject} labels={labels} notFound={notFound} />;
}
