import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import student from "../../../../resources/student";
import { DetailPage } from "./detail-page";
import { MissingPerson } from "./missing-person";
import type { DetailSubject } from "./user-stats-client";

const labels = { courses: "参与课程", lives: "参与直播" };

/** /studentInfo?mobile={mobile}: a student's courses, lives and attendance, with a way back to the list. */
export function StudentInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = (params.get("mobile") ?? "").trim();
  const subject = useMemo<DetailSubject | null>(() => (mobile ? { kind: "student", mobile } : null), [mobile]);

  if (!subject) return <MissingPerson title="未指定学生" listRoute={student.route} listLabel="返回学生列表" />;
  return (
    <DetailPage
      subject={subject}
      labels={labels}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(student.route)}>
          返回
        </Button>
      }
    />
  );
}
