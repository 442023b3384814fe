import type { BaseRecord } from "@refinedev/core";
import { Button, Empty, Result, Space, Table, type TableColumnsType } from "antd";
import { Suspense, type ComponentType } from "react";
import type { CallColumnDecl, CallListDecl } from "../../resources/kernel/call-list";
import { pageSizes } from "../../resources/kernel/paging";
import { useCall } from "../lib/use-call";
import { fillRoute } from "./fill-route";
import { readField } from "./record-fields";
import { useEngineRegistry, type CallRowPartProps } from "./registry";
import { tableColumn } from "./table-columns";
import { useStatePlace } from "./use-state-place";

type Params = Readonly<Record<string, string | number>>;

export interface CallTableProps {
  list: CallListDecl;
  /** The screen's parameters: the list sends those it names (`sends`), its parts see them all. */
  params: Params;
  /** What the table says with no rows, when not the declaration's (the chosen tab's). */
  empty?: string;
  size?: "small" | "middle";
}

const pick = (params: Params, names: readonly string[]) => Object.fromEntries(names.filter((name) => name in params).map((name) => [name, params[name]]));

function named<T>(kind: string, parts: Record<string, T>, name: string): T {
  const part = parts[name];
  if (!part) throw new Error(`a call's list names a ${kind} "${name}" that no area registered`);
  return part;
}

/**
 * The rows of one of the spec's odd calls as the engine's table (a live's bound exams, a person's
 * courses and their rooms): read through Refine's `useCustom` (`useCall`), which caches and
 * dedupes by call and parameters; paged in the table's own state when the call pages; columns
 * as declared or a named cell, named row actions and toolbar parts, and an expanded row that lists
 * another call. The data provider's list reads only a bare array, so a call that answers its rows
 * inside an object (`{classes}`, `{resultset, total}`) is read here.
 */
export function CallTable({ list, params, empty, size = "middle" }: CallTableProps) {
  const { place, go } = useStatePlace();
  const paging = list.paging;
  const query = { ...pick(params, list.sends), ...(paging ? { [paging.page]: place.page, [paging.size]: place.pageSize } : {}) };
  const call = useCall<unknown>(list.call, query, { keepPrevious: !!paging });
  const data = call.answer?.data;
  const found = list.rows ? readField((data ?? {}) as BaseRecord, list.rows) : data;
  const rows = (Array.isArray(found) ? found : []) as BaseRecord[];
  const total = paging ? Number(readField((data ?? {}) as BaseRecord, paging.total) ?? 0) : rows.length;
  const { callCells: cells, callRowActions: rowActions, listParts } = useEngineRegistry();
  const state = { params, rows, reload: call.retry, updatedAt: call.updatedAt };

  const part = (Part: ComponentType<CallRowPartProps>, row: BaseRecord) => <Part row={row} {...state} />;
  const column = (decl: CallColumnDecl): TableColumnsType<BaseRecord>[number] => {
    if (!decl.cell) return tableColumn(decl);
    const Cell = named("cell", cells, decl.cell);
    return { title: decl.title, key: decl.field, width: decl.width, render: (_, row) => part(Cell, row) };
  };
  const columns: TableColumnsType<BaseRecord> = [
    ...list.columns.map(column),
    ...(list.actions?.length
      ? [{ title: "操作", key: "actions", width: 120, render: (_: unknown, row: BaseRecord) => <Space size={0}>{list.actions!.map((name) => <span key={name}>{part(named("row action", rowActions, name), row)}</span>)}</Space> }]
      : []),
  ];

  if (call.error && !call.answer)
    return <Result status="error" title="列表加载失败" subTitle={call.error.message} extra={<Button type="primary" onClick={call.retry}>重试</Button>} />;
  const expand = list.expand;
  return (
    <>
      {list.toolbar && (
        <Space style={{ marginBottom: 16 }}>
          {list.toolbar.map((name) => {
            const Part = named("toolbar part", listParts, name);
            return (
              <Suspense key={name} fallback={null}>
                <Part {...state} />
              </Suspense>
            );
          })}
        </Space>
      )}
      <Table<BaseRecord>
        size={size}
        rowKey={(row) => String(row[list.rowKey])}
        columns={columns}
        dataSource={rows}
        loading={call.loading && (!call.answer || !!paging)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={call.answer ? (empty ?? list.empty) : " "} /> }}
        expandable={
          expand
            ? {
                expandedRowRender: (row) => (
                  <CallTable list={expand.list} size="small" params={{ ...params, ...Object.fromEntries(Object.entries(expand.params).map(([name, field]) => [name, fillRoute(field, row)])) }} />
                ),
              }
            : undefined
        }
        pagination={
          paging
            ? {
                current: place.page,
                pageSize: place.pageSize,
                total,
                showSizeChanger: true,
                pageSizeOptions: pageSizes.map(String),
                showTotal: (count) => `共 ${count} 条`,
                // A new page size starts again from the first page.
                onChange: (page, pageSize) => go({ page: pageSize !== place.pageSize ? 1 : page, pageSize }),
              }
            : false
        }
      />
    </>
  );
}
