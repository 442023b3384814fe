import type { BaseRecord } from "@refinedev/core";
import type { RegistryWidgetsType } from "@rjsf/utils";
import { Result } from "antd";
import { useEffect, useRef, type ReactElement } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import { ConsoleRefine } from "../../src/app/console-app";
import { ResourceFormDialog, useFormOpener } from "../../src/engine/resource-form-dialog";
import type { FormMode } from "../../src/engine/use-record-save";

// The console's own Refine (src/app/console-app.tsx: data and notification providers, the engine's
// registry of bespoke parts); every call goes through the story's mocked HTTP (parameters.api,
// staged by .storybook/preview.tsx).

/** Where a row action or 添加 sent the person, for routes the story does not draw. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <Result status="info" title="已跳转" subTitle={pathname + search} />;
}

/** An engine screen at `route` inside the console's Refine, at the width of the console's content area. */
export function EngineStage({ route, children }: { route: string; children: ReactElement }) {
  return (
    <ConsoleRefine>
      <div style={{ maxWidth: 1146, padding: 24, background: "#f5f5f5", minHeight: "100vh", boxSizing: "border-box" }}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </div>
    </ConsoleRefine>
  );
}

/**
 * A resource's add or edit dialog, opened the way the list opens it (the interaction check,
 * then the form's files), over an empty page; `widgets` are its page's own, as the page gives them.
 */
export function OpenDialog({ decl, mode, record, widgets }: { decl: ResourceDecl; mode: FormMode; record?: BaseRecord; widgets?: RegistryWidgetsType }) {
  const opener = useFormOpener(decl);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void opener.open(mode, record);
  }, [opener, mode, record]);
  if (!opener.form) return null;
  return <ResourceFormDialog decl={decl} form={opener.form} open={opener.visible} onClose={opener.close} onSaved={() => undefined} widgets={widgets} />;
}
