/** The echarts runtime, fetched on first use so pages without charts (and /login) never pay for it. */
export type EchartsRuntime = typeof import("./echarts-runtime");

let runtime: Promise<EchartsRuntime> | null = null;

export function loadEcharts(): Promise<EchartsRuntime> {
  runtime ??= import("./echarts-runtime").catch((error: unknown) => {
    // A failed chunk load (a dropped connection, a new deploy) may succeed next time.
    runtime = null;
    throw error;
  });
  return runtime;
}
