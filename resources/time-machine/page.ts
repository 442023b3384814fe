import type { PanelPageDecl } from "../kernel/panel-page";
import { livePages } from "../lives/routes";
import { timeMachineKey, timeMachineMessages } from "./time-machine";

/**
 * /teaTimeMachine?liveId (2 §2, §4, routes.tsv): a declared page around the timeline, the bespoke
 * widget the issue allows (src/features/time-machine), opened from the live monitor.
 */
export const timeMachinePage: PanelPageDecl = {
  route: livePages.teaTimeMachine.route,
  title: livePages.teaTimeMachine.title,
  menuKey: timeMachineKey,
  fromAddress: { liveid: { param: "liveId", missing: timeMachineMessages.noLive } },
  part: "timeMachine",
};
