import type { BaseRecord } from "@refinedev/core";
import { Button, Empty, InputNumber, Result, Space, Table, type TableColumnsType } from "antd";
import { Suspense, useState, type ComponentType, type Key, type ReactNode } from "react";
import type { CallColumnDecl, CallListDecl } from "../../resources/kernel/call-list";
import { pageSizes } from "../../resources/kernel/paging";
import { fillParams } from "./fill-route";
import { useEngineRegistry, type CallRowPartProps } from "./registry";
import { tableColumn } from "./table-columns";
import { useCallRows } from "./use-call-rows";
import { CallExport } from "./call-export";
import { ColumnChooser } from "./column-chooser";

type Params = Readonly<Record<string, string | number>>;

export interface CallTableProps {
  list: CallListDecl;
  /** The screen's parameters: the list sends those it names (`sends`), its parts see them all. */
  params: Params;
  /** What the table says with no rows, when not the declaration's (the chosen tab's). */
  empty?: string;
  size?: "small" | "middle";
  /** Reads the rows again this often (a tab's `refreshMs`). */
  refreshMs?: number;
  /** A master list's choice (src/engine/call-master-detail.tsx): the chosen row's key, and the link choosing a row. */
  choice?: { chosen: string | null; href: (row: BaseRecord) => string; choose: (row: BaseRecord) => void };
}

function named<T>(kind: string, parts: Record<string, T>, name: string): T {
  const part = parts[name];
  if (!part) throw new Error(`a call's list names a ${kind} "${name}" that no area registered`);
  return part;
}

/**
 * The rows of one of the spec's odd calls as the engine's table (a live's bound exams, a person's
 * courses and their rooms, a group's messages): read through Refine's `useCustom` (`useCall`,
 * see use-call-rows.ts), which caches and dedupes by call and parameters; paged in the table's own
 * state, or by a cursor with 加载更多; columns as declared or a named cell, named row actions and
 * toolbar parts, an expanded row that lists another call, and a master list's chosen row.
 */
export function CallTable({ list, params: outer, empty, size = "middle", choice, refreshMs }: CallTableProps) {
  // The numbers set above the rows (`inputs`) join the screen's parameters.
  const [inputs, setInputs] = useState<Record<string, number>>(() => Object.fromEntries((list.inputs ?? []).map((i) => [i.param, i.initial])));
  const params = { ...outer, ...inputs };
  const { call, rows, earlier, total, place, go, more } = useCallRows(list, params, refreshMs);
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  // Chosen rows by key, kept across pages, in the order chosen.
  const [selected, setSelected] = useState<Map<string, BaseRecord>>(() => new Map());
  const paging = list.paging;
  const { callCells: cells, callRowActions: rowActions, listParts } = useEngineRegistry();
  const key = (row: BaseRecord) => String(row[list.rowKey]);
  const choose = (keys: Key[]) => {
    const next = new Map([...selected].filter(([k]) => keys.includes(k)));
    for (const row of rows) if (keys.includes(key(row))) next.set(key(row), row);
    setSelected(next);
  };
  // An export's choice spans pages; the rows a part acts on (`select`: a moderator's pass) are the
  // ones shown, so a chosen row a reload took away (another moderator's pass) is no longer chosen.
  const shownKeys = new Set(rows.map(key));
  const chosenKeys = [...selected.keys()].filter((k) => !list.select || shownKeys.has(k));
  const selection = list.select ? { selection: { keys: chosenKeys, set: choose } } : {};
  const state = { params, rows, total, reload: call.retry, updatedAt: call.updatedAt, ...selection };

  const part = (Part: ComponentType<CallRowPartProps>, row: BaseRecord) => (
    <Part row={row} {...state} choose={choice && ((label: ReactNode) => <ChooseLink row={row} label={label} choice={choice} current={key(row) === choice.chosen} />)} />
  );
  const column = (decl: CallColumnDecl): TableColumnsType<BaseRecord>[number] => {
    const lines = decl.keepLines ? { onCell: () => ({ style: { whiteSpace: "pre-wrap" as const } }) } : {};
    if (!decl.cell) return { ...tableColumn(decl), ...lines };
    const Cell = named("cell", cells, decl.cell);
    return { title: decl.title, key: decl.field, width: decl.width, render: (_, row) => part(Cell, row), ...lines };
  };
  const shownColumns = list.columns.filter((c) => !hidden.has(c.field));
  const columns: TableColumnsType<BaseRecord> = [
    ...shownColumns.map(column),
    ...(list.actions?.length
      ? [{ title: "操作", key: "actions", width: 120, render: (_: unknown, row: BaseRecord) => <Space size={0}>{list.actions!.map((name) => <span key={name}>{part(named("row action", rowActions, name), row)}</span>)}</Space> }]
      : []),
  ];

  const failure = call.error && !call.loaded && (
    <Result status="error" title={list.listFailure ?? "列表加载失败"} subTitle={call.error.message} extra={<Button type="primary" onClick={call.retry}>重试</Button>} />
  );
  // A later page's failure leaves the pages read before it shown.
  if (failure && !earlier.length) return failure;
  const expand = list.expand;
  const exported = list.export;
  const sent = Object.fromEntries(list.sends.filter((name) => name in params).map((name) => [name, params[name]]));
  return (
    <>
      {(list.inputs?.length || list.chooseColumns || exported || list.refresh) && (
        <Space wrap style={{ marginBottom: 16 }}>
          {list.refresh && <Button onClick={call.retry}>刷新</Button>}
          {list.inputs?.map((input) => (
            <label key={input.param}>
              {input.label}{" "}
              <InputNumber
                aria-label={input.label}
                min={input.min}
                max={input.max}
                precision={0}
                value={inputs[input.param]}
                addonAfter={input.unit}
                // A number out of range or cleared keeps the last one sent.
                onChange={(value) => typeof value === "number" && value >= input.min && value <= input.max && setInputs({ ...inputs, [input.param]: value })}
              />
            </label>
          ))}
          {list.chooseColumns && <ColumnChooser columns={list.columns} hidden={hidden} onChange={setHidden} />}
          {exported && <CallExport list={{ ...list, export: exported }} sent={sent} columns={shownColumns} selected={[...selected.values()]} total={total} />}
        </Space>
      )}
      {list.toolbar && (
        <Space style={{ marginBottom: 16 }} wrap>
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
        rowKey={key}
        columns={columns}
        dataSource={rows}
        rowSelection={exported || list.select ? { selectedRowKeys: chosenKeys, preserveSelectedRowKeys: !list.select, onChange: choose } : undefined}
        showHeader={list.header !== false}
        // A master list is a narrow pane: its cells cut a long text (…) rather than widen it.
        tableLayout={choice ? "fixed" : undefined}
        loading={call.loading && (!!paging || (!call.loaded && !earlier.length))}
        onRow={choice && ((row) => ({ onClick: () => choice.choose(row), "aria-current": key(row) === choice.chosen ? "true" : undefined, style: { cursor: "pointer" } }))}
        rowClassName={choice && ((row) => (key(row) === choice.chosen ? "ant-table-row-selected" : ""))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={call.loaded ? (empty ?? list.empty) : " "} /> }}
        expandable={
          expand
            ? {
                expandedRowRender: (row) => (
                  <CallTable list={expand.list} size="small" params={{ ...params, ...fillParams(expand.params, row) }} />
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
      {failure}
      {(more || (earlier.length > 0 && call.loading && !call.loaded)) && (
        <div style={{ textAlign: "center", marginTop: 12 }}>
          <Button loading={!more} onClick={more}>
            加载更多
          </Button>
        </div>
      )}
    </>
  );
}

/** The link choosing a master list's row: its address for a new tab, the choice kept in this one's address on a click. */
function ChooseLink({ row, label, choice, current }: { row: BaseRecord; label: ReactNode; choice: NonNullable<CallTableProps["choice"]>; current: boolean }) {
  return (
    <a
      href={choice.href(row)}
      aria-current={current ? "true" : undefined}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        choice.choose(row);
      }}
    >
      {label}
    </a>
  );
}
