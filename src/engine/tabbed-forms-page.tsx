import { Card, Space, Tabs } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { TabbedFormsDecl, TabCondition } from "../../resources/kernel/tabbed-forms";
import { useCall } from "../lib/use-call";
import { AccessGate } from "./access-gate";
import { FormPageBody } from "./form-page";
import { useEngineRegistry } from "./registry";
import "./tabbed-forms-page.css";

const noParams: Record<string, number> = {};
const noValues: Record<string, unknown> = {};

/** Whether a tab's condition holds for its call's answer (the JSON text in `json` read first); not before it answers. */
export function conditionHolds(when: TabCondition, data: unknown): boolean {
  let record = data as Record<string, unknown> | undefined;
  if (record && when.json) {
    try {
      record = JSON.parse(String(record[when.json])) as Record<string, unknown>;
    } catch {
      record = undefined;
    }
  }
  return !!record && typeof record === "object" && String(record[when.field]) === when.is;
}

/** Asks a tab's condition (one call, cached by the data provider) and says whether it holds. */
function TabShown({ tab, when, onJudged }: { tab: string; when: TabCondition; onJudged: (tab: string, shown: boolean) => void }) {
  const { answer } = useCall<unknown>(when.call);
  const shown = conditionHolds(when, answer?.data);
  useEffect(() => onJudged(tab, shown), [tab, shown, onJudged]);
  return null;
}

/**
 * A declared page of single-record forms in tabs (resources/kernel/tabbed-forms.ts): a card of its
 * title over its named panels, then a card of tabs each drawing its form as a full-page form does
 * (a form is drawn when its tab first opens). The open one is `tab` in the address, the first one no `tab` at all.
 * An admin page is checked once against its menu keys; a tab with a condition shows once it holds.
 */
export function TabbedFormsPage({ decl }: { decl: TabbedFormsDecl }) {
  const body = <TabbedForms decl={decl} />;
  return decl.access ? <AccessGate menuKey={decl.access}>{body}</AccessGate> : body;
}

function TabbedForms({ decl }: { decl: TabbedFormsDecl }) {
  const { panels } = useEngineRegistry();
  const [search, setSearch] = useSearchParams();
  const [holds, setHolds] = useState<Record<string, boolean>>({});
  const judged = useCallback((tab: string, shown: boolean) => setHolds((now) => (now[tab] === shown ? now : { ...now, [tab]: shown })), []);
  const tabs = decl.tabs.filter((tab) => !tab.when || holds[tab.key]);
  const first = decl.tabs[0].key;
  const open = tabs.find((tab) => tab.key === search.get("tab"))?.key ?? first;
  const choose = (key: string) =>
    setSearch(
      (now) => {
        const next = new URLSearchParams(now);
        if (key === first) next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  const tabbed = (
    <Tabs
      activeKey={open}
      onChange={choose}
      items={tabs.map(({ key, form }) => ({ key, label: form.title, children: <FormPageBody decl={form} params={noParams} /> }))}
    />
  );
  const conditions = decl.tabs.map((tab) => tab.when && <TabShown key={tab.key} tab={tab.key} when={tab.when} onJudged={judged} />);
  // Without panels the title heads the tabs' own card.
  if (!decl.above?.length)
    return (
      <Card title={decl.title} className="tabbed-forms" style={{ maxWidth: decl.width }} styles={{ body: { paddingTop: 8 } }}>
        {conditions}
        {tabbed}
      </Card>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: "100%", maxWidth: decl.width }}>
      {conditions}
      <Card title={decl.title}>
        {decl.above.map((name) => {
          const Panel = panels[name];
          if (!Panel) throw new Error(`tabbed forms page: panel "${name}" is not registered`);
          return <Panel key={name} values={noValues} params={noParams} />;
        })}
      </Card>
      <Card className="tabbed-forms" styles={{ body: { paddingTop: 8 } }}>
        {tabbed}
      </Card>
    </Space>
  );
}
