import { ArrowLeftOutlined } from "../../../components/icons";
import { Button } from "antd";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import student from "../../../../resources/users/student";
import { listAddress } from "../../../engine/use-list-place";
import { DetailPage } from "./detail-page";
import { MissingPerson } from "./missing-person";
import type { DetailSubject } from "./user-stats-client";

const labels = { courses: "参与课程", lives: "参与直播" };
const list = { listRoute: student.route, listLabel: "返回学生列表" };
const notFound = { title: "未找到该学生", ...list };

/** /studentInfo?mobile={mobile}: a student's courses, lives and attendance, with a way back to the list. */
export function StudentInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = (params.get("mobile") ?? "").trim();
  const subject = useMemo<DetailSubject | null>(() => (mobile ? { kind: "student", mobile } : null), [mobile]);

  if (!subject) return <MissingPerson title="未指定学生" {...list} />;
  return (
    <DetailPage
      subject={subject}
      labels={labels}
      notFound={notFound}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listAddress(student.route))}>
          返回
        </Button>
      }
    />
  );
}
