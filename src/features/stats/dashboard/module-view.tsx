import type { DashboardModule } from "../../../../resources/stats/stats";
import { isChartKey } from "../chart-specs";
import { AccountModule } from "./account-module";
import { ChartModule } from "./chart-module";
import { FigureModule } from "./figure-module";
import { figureSpecs, type FigureKey } from "./figure-specs";
import { YesterdayModule } from "./yesterday-module";

const isFigureKey = (key: string): key is FigureKey => key in figureSpecs;

/** A module of the table in resources/stats/stats.ts, drawn by what its call answers. */
export function ModuleView({ module }: { module: DashboardModule }) {
  const [call] = module.calls;
  if (call === "balance") return <AccountModule module={module} />;
  if (call === "consume") return <YesterdayModule module={module} />;
  if (isChartKey(call)) return <ChartModule module={module} source={call} />;
  if (isFigureKey(call)) return <FigureModule module={module} source={call} />;
  throw new Error(`dashboard module ${module.id} has no view for ${call}`);
}
