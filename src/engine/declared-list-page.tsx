import { useInvalidate } from "@refinedev/core";
import { Button, Card, Result, Space, Spin } from "antd";
import { Suspense, useMemo, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { ListPageDecl, PageButtonDecl, PageCallDecl } from "../../resources/kernel/list-pages";
import { rulesHold } from "../../resources/kernel/row-actions";
import { errorText } from "../../providers/http";
import { ArrowLeftOutlined, PlusOutlined } from "../components/icons";
import { useCall } from "../lib/use-call";
import { AccessGate } from "./access-gate";
import { fillRoute, fillText } from "./fill-route";
import { useEngineRegistry } from "./registry";
import { ResourceList } from "./resource-list";
import { listAddress } from "./use-list-place";
import type { ListCall } from "./use-resource-rows";

type Values = Readonly<Record<string, unknown>>;

/** A declared parameter: `{name}` alone keeps the value as it is (a number stays one), else the text filled in. */
const fillParams = (params: Readonly<Record<string, string>>, values: Values) =>
  Object.fromEntries(
    Object.entries(params).map(([param, template]) => {
      const whole = /^\{(\w+)\}$/.exec(template);
      return [param, whole ? (values[whole[1]] as string | number) : fillRoute(template, values as Record<string, unknown>)];
    }),
  );

const icons = { plus: <PlusOutlined />, back: <ArrowLeftOutlined /> };

function PageButtons({ buttons, values, decl }: { buttons: readonly PageButtonDecl[]; values: Values; decl: ResourceDecl }) {
  const navigate = useNavigate();
  const { listParts } = useEngineRegistry();
  const invalidate = useInvalidate();
  return (
    <Space>
      {buttons.map((button) => {
        if (button.part) {
          const Part = listParts[button.part];
          if (!Part) throw new Error(`a list page of "${decl.name}" names a part "${button.part}" that no area registered`);
          return (
            <Suspense key={button.label} fallback={null}>
              <Part params={values} reload={() => void invalidate({ resource: decl.name, invalidates: ["list"] })} />
            </Suspense>
          );
        }
        const to = button.toList ? listAddress(button.toList) : fillRoute(button.to ?? "", values as Record<string, unknown>);
        return (
          <Button key={button.label} type={button.primary ? "primary" : "default"} icon={button.icon && icons[button.icon]} onClick={() => navigate(to)}>
            {button.label}
          </Button>
        );
      })}
    </Space>
  );
}

function PageBody({ owner, page, address }: { owner: ResourceDecl; page: ListPageDecl; address: Values }) {
  const decl = page.decl ?? owner;
  const about = useCall<Record<string, unknown>>(page.about.call, fillParams(page.about.query, address));
  const record = about.answer?.data;
  const values = useMemo(() => ({ ...address, ...record }), [address, record]);
  const pick = (call: PageCallDecl) => ({ api: { list: call.list }, params: fillParams(call.params, values) as Record<string, string | number> });
  const { call, unfiltered } = page;
  const listCall = useMemo<ListCall>(
    () => (filtered) => (unfiltered && !filtered && record && rulesHold(unfiltered.when, record) ? pick(unfiltered) : pick(call)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by the values the calls are filled from
    [values],
  );
  const backs = page.buttons.filter((button) => button.icon === "back");
  const waiting = page.about.wait;
  const fallbackTitle = (page.about.titleParam && String(address[page.about.titleParam] ?? "")) || page.title;
  if (waiting && about.error)
    return <Result status="error" title={waiting.failure} subTitle={errorText(about.error)} extra={<PageButtons buttons={backs} values={values} decl={decl} />} />;
  if (waiting && !record)
    return (
      <Card title={fallbackTitle} extra={<PageButtons buttons={backs} values={values} decl={decl} />}>
        <Spin />
      </Card>
    );
  return (
    <ResourceList
      decl={decl}
      title={record ? fillText(page.about.title, record) : fallbackTitle}
      access={page.access}
      listCall={listCall}
      extra={<PageButtons buttons={page.buttons} values={values} decl={decl} />}
    />
  );
}

/**
 * A declaration's other list screen (`listPages`, resources/kernel/list-pages.ts): the rows its
 * address fixes, titled by the record the address names, with the header's buttons; an address
 * without its parameters says so and leads back.
 */
export function DeclaredListPage({ owner, page }: { owner: ResourceDecl; page: ListPageDecl }): ReactNode {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = search.toString();
  // One object per address: the calls and the list are keyed by its values.
  const address = useMemo<Values | null>(() => {
    const given = new URLSearchParams(query);
    const numbers = page.params.map((name) => [name, Number(given.get(name))] as const);
    if (!numbers.every(([, value]) => Number.isInteger(value) && value > 0)) return null;
    return { ...Object.fromEntries(given), ...Object.fromEntries(numbers) };
  }, [query, page.params]);
  if (!address)
    return <Result status="warning" title={page.missing.title} subTitle={page.missing.subTitle} extra={<Button onClick={() => navigate(page.missing.back.to)}>{page.missing.back.label}</Button>} />;
  return (
    <AccessGate menuKey={page.access ?? owner.menu.key}>
      <PageBody key={page.params.map((name) => address[name]).join("-")} owner={owner} page={page} address={address} />
    </AccessGate>
  );
}
