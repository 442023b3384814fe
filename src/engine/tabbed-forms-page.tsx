import { Card, Space, Tabs } from "antd";
import { useSearchParams } from "react-router-dom";
import type { TabbedFormsDecl } from "../../resources/kernel/tabbed-forms";
import { FormPageBody } from "./form-page";
import { useEngineRegistry } from "./registry";
import "./tabbed-forms-page.css";

const noParams: Record<string, number> = {};
const noValues: Record<string, unknown> = {};

/**
 * A declared page of single-record forms in tabs (resources/kernel/tabbed-forms.ts): a card of its
 * title over its named panels, then a card of tabs each drawing its form as a full-page form does
 * (a form is drawn when its tab first opens). The open one is `tab` in the address, the first one no `tab` at all.
 */
export function TabbedFormsPage({ decl }: { decl: TabbedFormsDecl }) {
  const { panels } = useEngineRegistry();
  const [search, setSearch] = useSearchParams();
  const first = decl.tabs[0].key;
  const open = decl.tabs.find((tab) => tab.key === search.get("tab"))?.key ?? first;
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
  return (
    <Space direction="vertical" size={16} style={{ width: "100%", maxWidth: decl.width }}>
      <Card title={decl.title}>
        {decl.above?.map((name) => {
          const Panel = panels[name];
          if (!Panel) throw new Error(`tabbed forms page: panel "${name}" is not registered`);
          return <Panel key={name} values={noValues} params={noParams} />;
        })}
      </Card>
      <Card className="tabbed-forms" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          activeKey={open}
          onChange={choose}
          items={decl.tabs.map(({ key, form }) => ({ key, label: form.title, children: <FormPageBody decl={form} params={noParams} /> }))}
        />
      </Card>
    </Space>
  );
}
