import { Button, Result } from "antd";
import { useNavigate } from "react-router-dom";

export interface MissingPersonProps {
  title: string;
  listRoute: string;
  listLabel: string;
}

/** A detail URL without a usable person parameter, or naming nobody of the page's role: say so and offer the list. */
export function MissingPerson({ title, listRoute, listLabel }: MissingPersonProps) {
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
