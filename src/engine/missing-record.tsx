import { Button, Result } from "antd";
import { useNavigate } from "react-router-dom";

export interface MissingRecordProps {
  title: string;
  listRoute: string;
  listLabel: string;
}

/** A detail address naming nobody, or nobody of the page's kind: say so and offer the list. */
export function MissingRecord({ title, listRoute, listLabel }: MissingRecordProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={title}
      subTitle="请从列表中选择要查看的人员"
      extra={
        <Button type="primary" onClick={() => navigate(listRoute)}>
          {listLabel}
        </Button>
      }
    />
  );
}
