import type { WidgetProps } from "@rjsf/utils";
import { Spin } from "antd";
import { lazy, Suspense, type ComponentType } from "react";
import type { EngineRegistry } from "../../../engine/registry";

/** A widget loading with its own chunk the first time a form draws it; a small spinner meanwhile. */
function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Widget = lazy(() => load().then((component) => ({ default: component })));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Spin size="small" />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}

/**
 * What the live form area lends every generated form (src/engine/registry.tsx), by the names the
 * `*.ui.json` files give: the teacher and assistant pickers (the live form, the simulated-live
 * template form), the live's start and end, the preference panels and the template picker.
 */
export const liveFormEngineParts: Partial<EngineRegistry> = {
  widgets: {
    liveStaff: lazyWidget(() => import("./staff-picker").then((m) => m.StaffPickerWidget)),
    liveBegin: lazyWidget(() => import("./live-time-widgets").then((m) => m.LiveBeginWidget)),
    liveEnd: lazyWidget(() => import("./live-time-widgets").then((m) => m.LiveEndWidget)),
    liveConfig: lazyWidget(() => import("./config-widget").then((m) => m.LiveConfigWidget)),
    liveTemplate: lazyWidget(() => import("./template-picker").then((m) => m.TemplatePickerWidget)),
  },
};
