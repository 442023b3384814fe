import { Button, Card, Result, Spin, Tabs } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import type { CallScreenDecl } from "../../resources/kernel/call-list";
import { frameMessages } from "../../resources/kernel/frame";
import { AccessGate } from "./access-gate";
import { CallMasterDetail } from "./call-master-detail";
import { CallTable } from "./call-table";
import { useFrameToken } from "./use-frame-token";

type Params = Readonly<Record<string, string | number>>;

export interface CallScreenProps {
  decl: CallScreenDecl;
  /** Parameters the screen's host hands it (the portal's `user_type`). */
  params?: Params;
}

const positive = (text: string | null) => (text && /^[1-9]\d*$/.test(text) ? Number(text) : null);

/**
 * A screen of a call's rows generated from its declaration (resources/kernel/call-list.ts): the
 * permission check of an admin page, the address's parameters, a token on each entry, tabs kept in
 * the address or a master list beside its chosen row's detail, and the engine's table. An admin page's card carries its title; a portal page's
 * title is its menu entry.
 */
export function CallScreen({ decl, params = {} }: CallScreenProps) {
  const body = <ScreenBody decl={decl} params={params} />;
  const gated = decl.menuKey ? <AccessGate menuKey={decl.menuKey}>{body}</AccessGate> : body;
  // A master–detail screen's two panes are cards of their own.
  return decl.detail ? gated : <Card title={decl.menuKey ? decl.title : undefined}>{gated}</Card>;
}

function ScreenBody({ decl, params }: Required<CallScreenProps>) {
  const [search, setSearch] = useSearchParams();
  const fromAddress = Object.entries(decl.fromAddress ?? {}).map(([name, { param, missing }]) => ({ name, value: positive(search.get(param)), missing }));
  const lacking = fromAddress.find((p) => p.value === null);
  const { state, retry } = useFrameToken(decl.token?.call ?? null, decl.token && !lacking ? decl.token.tool : null);

  if (lacking) return <Result status="warning" title={lacking.missing} />;
  if (decl.token && state.status === "failed") return <Result status="error" title={frameMessages.tokenFailed} extra={<Button onClick={retry}>重试</Button>} />;
  if (decl.token && state.status !== "ready") return <Spin style={{ display: "block", margin: "48px auto" }} />;
  const all: Params = {
    ...params,
    ...Object.fromEntries(fromAddress.map((p) => [p.name, p.value!])),
    ...(state.status === "ready" ? { token: state.token } : {}),
  };
  if (decl.detail) return <CallMasterDetail list={decl.list} detail={decl.detail} params={all} />;
  if (!decl.tabs) return <CallTable list={decl.list} params={all} />;

  const { param, items } = decl.tabs;
  const active = items.find((tab) => tab.key === search.get("tab")) ?? items[0];
  // Only the tab shown is read again every `refreshMs`.
  const tab = (item: (typeof items)[number]): ReactNode => (
    <CallTable key={item.key} list={item.list ?? decl.list} params={{ ...all, [param]: item.value }} empty={item.empty} refreshMs={item.key === active.key ? item.refreshMs : undefined} />
  );
  return (
    <Tabs
      activeKey={active.key}
      // The address keeps what else it says (the live of /chatManager?liveId): only the tab changes.
      onChange={(key) =>
        setSearch(
          (before) => {
            const next = new URLSearchParams(before);
            if (key === items[0].key) next.delete("tab");
            else next.set("tab", key);
            return next;
          },
          { replace: true },
        )
      }
      items={items.map((item) => ({ key: item.key, label: item.label, children: tab(item) }))}
    />
  );
}
