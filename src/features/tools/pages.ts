import { createElement, lazy } from "react";
import { examBinding, tools } from "../../../resources/tools/tools";
import type { PageMap } from "../../engine/registry";

/** The embedded tool pages, one per declaration of resources/tools/tools.ts, and /bindExamByLive. */
export const toolPages: PageMap = {
  ...Object.fromEntries(
    tools.map((tool) => [
      tool.route,
      lazy(() => import("./tool-frame-page").then((m) => ({ default: () => createElement(m.ToolFramePage, { tool }) }))),
    ]),
  ),
  [examBinding.route]: lazy(() => import("./bind-exam-page").then((m) => ({ default: m.BindExamPage }))),
};
