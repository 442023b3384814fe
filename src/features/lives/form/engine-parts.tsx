import type { WidgetProps } from "@rjsf/utils";
import { Spin } from "antd";
import { lazy, Suspense, type ComponentType } from "react";
import type { FormPanelProps } from "../../../engine/form-page-parts";
import type { EngineRegistry } from "../../../engine/registry";
import { useGroupConfigSetup, useLiveFormSetup } from "./live-form-setup";

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

/** A panel loading with its own chunk the first time a page draws it; nothing meanwhile. */
function lazyPanel(load: () => Promise<ComponentType<FormPanelProps>>): ComponentType<FormPanelProps> {
  const Panel = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPanel(props: FormPanelProps) {
    return (
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    );
  };
}

/**
 * What the live form area lends every generated form (src/engine/registry.tsx), by the names the
 * `*.ui.json` files give: the teacher and assistant pickers (the live form, the simulated-live
 * template form), the live's start and end, the preference panels and the template picker; the
 * panels and setups the live form's declarations name (resources/lives/forms.ts).
 */
export const liveFormEngineParts: Partial<EngineRegistry> = {
  widgets: {
    liveStaff: lazyWidget(() => import("./staff-picker").then((m) => m.StaffPickerWidget)),
    liveCourseware: lazyWidget(() => import("./courseware-widget").then((m) => m.CoursewareWidget)),
    liveBegin: lazyWidget(() => import("./live-time-widgets").then((m) => m.LiveBeginWidget)),
    liveEnd: lazyWidget(() => import("./live-time-widgets").then((m) => m.LiveEndWidget)),
    liveConfig: lazyWidget(() => import("./config-widget").then((m) => m.LiveConfigWidget)),
    liveTemplate: lazyWidget(() => import("./template-picker").then((m) => m.TemplatePickerWidget)),
  },
  panels: {
    liveConflicts: lazyPanel(() => import("./conflict-alert").then((m) => m.ConflictPanel)),
    liveEmulateNotice: lazyPanel(() => import("./emulate-notice").then((m) => m.EmulateNotice)),
    livePush: lazyPanel(() => import("./push-panel").then((m) => m.PushPanel)),
  },
  formSetups: { liveForm: useLiveFormSetup, groupConfig: useGroupConfigSetup },
};
