import { lazy } from "react";
import type { EngineRegistry } from "../../engine/registry";

/** What the time-machine area lends the engine: /teaTimeMachine's timeline (resources/time-machine/page.ts), loaded with its page. */
export const timeMachineEngineParts: Partial<EngineRegistry> = {
  pageParts: { timeMachine: lazy(async () => ({ default: (await import("./time-machine-timeline")).TimeMachineTimeline })) },
};
