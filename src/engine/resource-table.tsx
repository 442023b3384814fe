import { useDelete, useInvalidate, type BaseRecord } from "@refinedev/core";
import type { RegistryWidgetsType } from "@rjsf/utils";
import { Alert, Button, Empty, Flex, Modal, Result, Table, Typography, type TableColumnsType, type TableProps } from "antd";
import { useEffect, useMemo, useState, type Key, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import { pageSizes } from "../../resources/kernel/paging";
import { AuditHistoryDrawer } from "./audit-history";
import { useDeclaredRowActions } from "./declared-row-actions";
import { fillRoute } from "./cells";
import { ExpandedRecord } from "./expanded-record";
import { callValues } from "./list-filter-values";
import { ListFilters } from "./list-filters";
import { ListSummary } from "./list-summary";
import { ListToolbar } from "./list-toolbar";
import { mutationNotices, removalWords } from "./mutation-notices";
import { readField } from "./record-fields";
import { ReportExport } from "./report-export";
import { ResourceFormDialog, useFormOpener } from "./resource-form-dialog";
import { useRowActionDialogs } from "./row-action-parts";
import { RowActions, rowActionNames, rowActionsWidth, type BespokeRowActions } from "./row-actions";
import { tableColumn } from "./table-columns";
import { useListPlace } from "./use-list-place";
import { useResourceRows, type ListCall } from "./use-resource-rows";
import { useStatePlace } from "./use-state-place";

/** Rows a person picks, for a toolbar or a dialog's button to act on (a picker's 添加). */
export interface RowSelection {
  keys: readonly Key[];
  onChange: (keys: Key[], rows: BaseRecord[]) => void;
  /** A row that cannot be picked (already enrolled, say). */
  disabled?: (row: BaseRecord) => boolean;
}

export interface ResourceTableProps {
  decl: ResourceDecl;
  /** The bespoke row actions `decl.actions` names, supplied by the resource's own page. */
  rowActions?: BespokeRowActions;
  /** Widgets the resource's forms name beyond the engine's own (schema-form.tsx). */
  widgets?: RegistryWidgetsType;
  /** The call and its fixed parameters when the page's differ from the declaration's (one course's lives). */
  listCall?: ListCall;
  /** Shown under an expanded row's fields (a main classroom's sub-classes), or nothing. */
  expandExtra?: (row: BaseRecord) => ReactNode;
  /**
   * Where the page, size, search and filters are kept: in the address (a screen's list, so back,
   * forward and reload return to it) or in the table's own state (a table inside a dialog or a pane).
   */
  placeIn?: "address" | "state";
  selection?: RowSelection;
  /**
   * A table in a pane (a two-pane picker's): small rows, and a failed load said in place of the rows
   * with 重试 rather than over the whole card.
   */
  dense?: boolean;
  /** Told the count of the rows in the place shown once a page has come (null before, or after a failure). */
  onCount?: (count: { total: number; key: string } | null) => void;
  /** Told the rows' total as it changes, 0 while none could be loaded (a report's heading counts them). */
  onTotal?: (total: number) => void;
}

/**
 * A resource's rows as the engine draws them everywhere (1 §2.4, §2.5): filters or search, 添加,
 * paged rows over Refine's `useTable`, expandable rows, row actions with their confirmations and
 * dialogs, and the empty, loading and error states.
 */
export function ResourceTable({ decl, rowActions, widgets, listCall, expandExtra, placeIn = "address", selection, dense = false, onCount, onTotal }: ResourceTableProps) {
  const navigate = useNavigate();
  // Both hooks run (hooks keep their order); the table reads the one it was asked for.
  const inAddress = useListPlace(decl.filters, decl.pageSizes);
  const inState = useStatePlace(decl.filters, decl.pageSizes);
  const { place: chosen, go } = placeIn === "state" ? inState : inAddress;
  // A filter's value may force the page size (合计 shows 100 a page); the place keeps the person's own.
  const forced = decl.pageSizeWhen && String(chosen.filters[decl.pageSizeWhen.param] ?? "") === decl.pageSizeWhen.value ? decl.pageSizeWhen.size : undefined;
  const place = useMemo(() => (forced ? { ...chosen, pageSize: forced } : chosen), [chosen, forced]);
  const filtered = !!place.key || Object.keys(place.filters).length > 0;
  const list = useResourceRows(decl, place, listCall?.(filtered));
  const { mutateAsync: remove } = useDelete();
  const invalidate = useInvalidate();
  const opener = useFormOpener(decl);
  const [modal, modalHolder] = Modal.useModal();
  const [historyOf, setHistoryOf] = useState<BaseRecord | null>(null);
  const parts = useRowActionDialogs(decl);
  const declared = useDeclaredRowActions(decl);

  const shownTotal = list.loaded ? list.total : 0;
  useEffect(() => onTotal?.(shownTotal), [onTotal, shownTotal]);

  // A deletion can empty the last page: step back to the new last page.
  const lastPage = Math.max(1, Math.ceil(list.total / place.pageSize));
  useEffect(() => {
    if (!list.loading && !list.error && list.loaded && list.rows.length === 0 && place.page > lastPage && list.total > 0)
      go({ page: lastPage }, { replace: true });
  }, [list, place.page, lastPage, go]);

  const counted = list.loaded && !list.error;
  useEffect(() => onCount?.(counted ? { total: list.total, key: place.key } : null), [onCount, counted, list.total, place.key]);

  const confirmDelete = (row: BaseRecord) =>
    modal.confirm({
      title: "提示",
      content: removalWords(decl).confirm(String(readField(row, decl.label) ?? "")),
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        try {
          // Success and failure words come from the notification provider (mutation-notices.ts);
          // a success invalidates the resource's lists.
          await remove({ resource: decl.name, id: row[decl.id] as string | number, meta: { api: decl.api }, ...mutationNotices(decl, "remove") });
        } catch {
          // 2 §8: after a refused deletion the list is reloaded, showing what the server holds.
          void invalidate({ resource: decl.name, invalidates: ["list"] });
        }
      },
    });

  const actionColumn: TableColumnsType<BaseRecord>[number] = {
    title: "操作",
    key: "actions",
    width: rowActionsWidth(decl),
    render: (_, row) => (
      <RowActions
        decl={decl}
        row={row}
        bespoke={rowActions}
        declared={declared.render}
        editing={opener.opening === String(row[decl.id])}
        onEdit={() => (decl.editRoute ? navigate(fillRoute(decl.editRoute, row)) : opener.open("edit", row))}
        onDelete={() => confirmDelete(row)}
        onHistory={() => setHistoryOf(row)}
        onPart={(name) => parts.open(name, row)}
      />
    ),
  };
  const columns: TableColumnsType<BaseRecord> = [
    ...decl.columns.map(tableColumn),
    ...(rowActionNames(decl).length > 0 || declared.render ? [actionColumn] : []),
  ];

  const canAdd = (decl.createRoute || decl.forms.create) && decl.api.create;

  return (
    <>
      {decl.filters && <ListFilters filters={decl.filters} values={place.filters} onSearch={(filters) => go({ filters, page: 1 })} />}
      {decl.export && (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <ReportExport report={decl} api={{ list: (filtered && decl.api.search) || decl.api.list! }} params={{ ...callValues(decl.filters, place.filters), ...decl.fixed }} total={shownTotal} />
        </Flex>
      )}
      {decl.summary && <ListSummary items={decl.summary} answer={list.answer} />}
      <ListToolbar
        decl={decl}
        searchKey={place.key}
        onSearch={(key) => go({ key, page: 1 })}
        onAdd={canAdd ? () => (decl.createRoute ? navigate(decl.createRoute) : opener.open("create")) : undefined}
        onQuickAdd={canAdd && decl.createRoute && decl.quickCreate && decl.forms.create ? () => opener.open("create") : undefined}
        adding={opener.opening === "create"}
        reload={list.reload}
      />
      {list.error && !list.loaded && !dense ? (
        <Result
          status="error"
          title={decl.listFailure ?? "列表加载失败"}
          subTitle={list.error}
          extra={
            <Button type="primary" onClick={list.reload}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          {list.error && list.loaded && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={`刷新失败：${list.error}`}
              action={
                <Button size="small" onClick={list.reload}>
                  重试
                </Button>
              }
            />
          )}
          <Table<BaseRecord>
            size={dense ? "small" : "middle"}
            rowKey={(row) => String(row[decl.id])}
            columns={columns}
            dataSource={list.rows}
            loading={list.loading}
            rowSelection={rowSelection(decl, selection)}
            expandable={
              decl.expand
                ? {
                    expandedRowRender: (row) => (
                      <>
                        <ExpandedRecord fields={decl.expand!} row={row} />
                        {expandExtra?.(row)}
                      </>
                    ),
                  }
                : undefined
            }
            locale={{
              emptyText: list.error ? (
                <FailedInPlace error={list.error} reload={list.reload} />
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={list.loaded ? emptyText(decl, place.key, filtered) : " "}
                />
              ),
            }}
            pagination={{
              current: place.page,
              pageSize: place.pageSize,
              total: list.total,
              showSizeChanger: !forced && (decl.pageSizes ?? pageSizes).length > 1,
              pageSizeOptions: (decl.pageSizes ?? pageSizes).map(String),
              size: dense ? "small" : undefined,
              showTotal: (total) => `共 ${total} ${decl.unit ?? "条"}`,
              onChange: (page, pageSize) => go({ page: pageSize !== place.pageSize ? 1 : page, pageSize }),
            }}
          />
        </>
      )}
      {opener.form && (
        <ResourceFormDialog
          decl={decl}
          form={opener.form}
          open={opener.visible}
          onClose={opener.close}
          afterClose={opener.closed}
          widgets={widgets}
        />
      )}
      <AuditHistoryDrawer decl={decl} record={historyOf} onClose={() => setHistoryOf(null)} />
      {parts.dialogs}
      {modalHolder}
      {declared.parts}
    </>
  );
}

function rowSelection(decl: ResourceDecl, selection?: RowSelection): TableProps<BaseRecord>["rowSelection"] {
  if (!selection) return undefined;
  return {
    selectedRowKeys: [...selection.keys],
    preserveSelectedRowKeys: true,
    onChange: selection.onChange,
    getCheckboxProps: (row) => ({ disabled: selection.disabled?.(row) ?? false, "aria-label": `选择${String(readField(row, decl.label) ?? "")}` }),
  };
}

/** A dense table's failed first load, where its rows would be. */
function FailedInPlace({ error, reload }: { error: string; reload: () => void }) {
  return (
    <Flex vertical align="center" gap={4} role="alert">
      <Typography.Text type="danger">{`加载失败：${error}`}</Typography.Text>
      <Button size="small" onClick={reload}>
        重试
      </Button>
    </Flex>
  );
}

function emptyText(decl: ResourceDecl, key: string, filtered: boolean) {
  if (decl.emptyTexts) return key ? decl.emptyTexts.searched : decl.emptyTexts.none;
  if (key) return `没有找到与「${key}」匹配的${decl.noun}`;
  return filtered ? `没有符合条件的${decl.noun}` : (decl.emptyText ?? `还没有${decl.noun}`);
}
