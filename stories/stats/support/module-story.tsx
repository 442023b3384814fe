import { useState } from "react";
import { dashboardModules } from "../../../resources/stats/stats";
import { createDashboardSource, DashboardSourceContext } from "../../../src/features/stats/dashboard/dashboard-source";
import { ModuleView } from "../../../src/features/stats/dashboard/module-view";

/** One dashboard module at the width of a dashboard column, on its own data source. */
export function ModuleStory({ id }: { id: number }) {
  const [source] = useState(createDashboardSource);
  const module = dashboardModules.find((candidate) => candidate.id === id)!;
  return (
    <div style={{ width: 380, padding: 24 }}>
      <DashboardSourceContext.Provider value={source}>
        <ModuleView module={module} />
      </DashboardSourceContext.Provider>
    </div>
  );
}
