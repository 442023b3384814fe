import { Card, Empty } from "antd";
import { useSession } from "../../../providers/session-store";
import { adminOwnRoutes } from "../../../resources/auth/routes";

/** The home of the admin console; its dashboard modules (1 §2.3) are not built yet. */
export function AdminHomePage() {
  const groupName = useSession((state) => state.curGroupName);
  return (
    <Card title={groupName || adminOwnRoutes.home.title}>
      <Empty description="本页面尚无可显示的内容" style={{ padding: "48px 0" }} />
    </Card>
  );
}
