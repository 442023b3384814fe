import { Card, Col, Row, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { dashboardModules } from "../../../../resources/stats";
import { loadEcharts } from "../../../lib/echarts/load-echarts";
import { isChartKey } from "../chart-specs";
import { BoardSettings } from "./board-settings";
import { createDashboardSource, DashboardSourceContext } from "./dashboard-source";
import { ModuleView } from "./module-view";

const byId = new Map(dashboardModules.map((module) => [module.id, module]));
const cell = { xs: 24, md: 12, xl: 8 } as const;

/**
 * The admin home (1 §2.3): the organisation's chosen modules in a responsive grid, each
 * loading on its own, and a gear to choose them. One source per visit, so no call is made twice.
 */
export function DashboardPage() {
  const [source] = useState(createDashboardSource);
  const [modules, setModules] = useState<number[] | null>(null);

  useEffect(() => {
    let live = true;
    const hide = source.show();
    void source.board().then((list) => {
      if (!live) return;
      // The charts' runtime loads while their data is on its way.
      if (list.some((id) => isChartKey(byId.get(id)!.calls[0]))) loadEcharts().catch(() => undefined);
      setModules(list);
    });
    return () => {
      live = false;
      hide();
    };
  }, [source]);

  return (
    <DashboardSourceContext.Provider value={source}>
      <div style={{ display: "flex", justifyContent: "flex-end", marginBottom: 16, minHeight: 32 }}>
        {modules && <BoardSettings modules={modules} onSaved={setModules} />}
      </div>
      <Row gutter={[16, 16]} align="stretch">
        {modules
          ? modules.map((id) => (
              <Col key={id} {...cell}>
                <ModuleView module={byId.get(id)!} />
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
    </DashboardSourceContext.Provider>
  );
}
