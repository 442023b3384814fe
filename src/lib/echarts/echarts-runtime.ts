import { BarChart, LineChart, PieChart } from "echarts/charts";
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

// Only what the statistics pages draw: line and bar series on a grid, with tooltip, legend
// (storage by kind) and zoom (long ranges), and a live's devices as a pie (/liveStat). An option asking for anything else fails loudly
// rather than pulling the whole library into the bundle.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export const { init } = echarts;
