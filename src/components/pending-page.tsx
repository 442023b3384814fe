import { Card, Empty } from "antd";
import { useLocation } from "react-router-dom";
import { routeTitle } from "../app/route-titles";

/** A route whose screen has not been built: it says so under the page's own title. */
export function PendingPage() {
  const { pathname } = useLocation();
  return (
    <Card title={routeTitle(pathname)}>
      <Empty description="本页面尚无可显示的内容" style={{ padding: "48px 0" }} />
    </Card>
  );
}
