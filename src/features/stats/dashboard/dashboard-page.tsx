import { Card, Col, Empty, Row, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { dashboardModules, mayShowModule, type DashboardModule } from "../../../../resources/stats/stats";
import { loadEcharts } from "../../../lib/echarts/load-echarts";
import { isChartKey } from "../chart-specs";
import { BoardSettings } from "./board-settings";
import { createDashboardSource, DashboardSourceContext, useBoard } from "./dashboard-source";
import { ModuleView } from "./module-view";
import { useHeldKeys } from "./use-held-keys";

const byId = new Map(dashboardModules.map((module) => [module.id, module]));
const cell = { xs: 24, md: 12, xl: 8 } as const;

/**
 * The admin home (1 §2.3): the organisation's chosen modules that this admin may see (the
 * account's need their menu keys, resources/stats/stats.ts `statCallKeys`) in a responsive grid, each
 * loading on its own through Refine's cache (no call is made twice), and a gear to choose them.
 */
export function DashboardPage() {
  const [source] = useState(createDashboardSource);
  const held = useHeldKeys();
  const board = useBoard(!!held);
  // What the gear saved, shown at once (the server answers the organisation's whole list).
  const [saved, setSaved] = useState<number[] | null>(null);
  const mayShow = (module: DashboardModule) => !!held && mayShowModule(module, held);
  const list = saved ?? board;
  const modules = held && list ? list.map((id) => byId.get(id)!).filter(mayShow) : null;
  const charted = !!modules?.some((module) => isChartKey(module.calls[0]));

  // The charts' runtime loads while their data is on its way.
  useEffect(() => {
    if (charted) loadEcharts().catch(() => undefined);
  }, [charted]);

  return (
    <DashboardSourceContext.Provider value={source}>
      <div style={{ display: "flex", justifyContent: "flex-end", marginBottom: 16, minHeight: 32 }}>
        {modules && <BoardSettings modules={modules.map((module) => module.id)} offered={dashboardModules.filter(mayShow)} onSaved={setSaved} />}
      </div>
      {modules?.length === 0 ? (
        <Card>
          <Empty description="暂无可查看的首页模块，可在“模块设置”中选择" />
        </Card>
      ) : (
        <Row gutter={[16, 16]} align="stretch">
          {modules
            ? modules.map((module) => (
                <Col key={module.id} {...cell}>
                  <ModuleView module={module} />
                </Col>
              ))
            : [0, 1, 2].map((i) => (
                <Col key={i} {...cell}>
                  <Card aria-busy="true">
                    <Skeleton active paragraph={{ rows: 4 }} />
                  </Card>
                </Col>
              ))}
        </Row>
      )}
    </DashboardSourceContext.Provider>
  );
}
