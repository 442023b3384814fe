import { Button, Statistic } from "antd";
import { Link } from "react-router-dom";
import type { DashboardModule } from "../../../../resources/stats/stats";
import { rechargePage } from "../../../../resources/billing/routes";
import { formatYuan } from "../../../lib/format";
import { useSession } from "../../../../providers/session-store";
import type { Load } from "../load-state";
import { ModuleCard } from "./module-card";

/**
 * 账户概况: the balance the admin shell already fetches (on entry and every 40 s) into the
 * session, so the home makes no second balance call and both always show the same figure.
 */
export function AccountModule({ module }: { module: DashboardModule }) {
  const balance = useSession((state) => state.curBalance);
  const load: Load<number> =
    balance === null
      ? { status: "loading" }
      : Number.isNaN(balance)
        ? { status: "error", error: "余额读取失败" }
        : { status: "ok", data: balance };
  return (
    <ModuleCard module={module} load={load} isEmpty={() => false} emptyText="">
      {(amount) => (
        <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
          <Statistic title="可用余额" value={formatYuan(amount)} valueStyle={{ fontSize: 30, color: amount <= 0 ? "#cf1322" : undefined }} />
          <Link to={rechargePage.route}>
            <Button type="primary">去充值</Button>
          </Link>
        </div>
      )}
    </ModuleCard>
  );
}
