import { Card, Result, Spin } from "antd";
import { Suspense } from "react";
import { useSearchParams } from "react-router-dom";
import type { PanelPageDecl } from "../../resources/kernel/panel-page";
import { AccessGate } from "./access-gate";
import { useEngineRegistry } from "./registry";

const positive = (text: string | null) => (text && /^[1-9]\d*$/.test(text) ? Number(text) : null);

/**
 * A declared page around an area's bespoke part (resources/kernel/panel-page.ts): its card and title,
 * one permission check, and the address's parameters, the page saying what is missing instead of
 * drawing the part without them.
 */
export function PanelPage({ decl }: { decl: PanelPageDecl }) {
  const [search] = useSearchParams();
  const Part = useEngineRegistry().pageParts[decl.part];
  const read = Object.entries(decl.fromAddress).map(([name, { param, missing }]) => ({ name, value: positive(search.get(param)), missing }));
  const lacking = read.find((p) => p.value === null);
  if (!Part) throw new Error(`page part "${decl.part}" is not registered`);
  return (
    <Card title={decl.title}>
      <AccessGate menuKey={decl.menuKey}>
        {lacking ? (
          <Result status="warning" title={lacking.missing} />
        ) : (
          // A part may load with its own chunk: the card and its title stay while it does.
          <Suspense fallback={<Spin style={{ display: "block", margin: "48px auto" }} />}>
            <Part params={Object.fromEntries(read.map((p) => [p.name, p.value!]))} />
          </Suspense>
        )}
      </AccessGate>
    </Card>
  );
}
