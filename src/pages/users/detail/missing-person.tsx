import { Button, Result } from "antd";
import { useNavigate } from "react-router-dom";

/** A detail URL without a usable person parameter: say so and offer the list. */
export function MissingPerson({ title, listRoute, listLabel }: { title: string; listRoute: string; listLabel: string }) {
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
