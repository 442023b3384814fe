import type { BaseRecord } from "@refinedev/core";
import { Empty, Table, type TableColumnsType } from "antd";
import { useState, type ReactNode } from "react";
import type { ColumnDecl } from "../../resources/kernel/define";
import { pageSizes } from "../../resources/kernel/paging";
import { tableColumn } from "./table-columns";

/** A bespoke cell by column field: what a row shows there (an input to correct it, its result). */
export type LocalCell<R> = (row: R, index: number) => ReactNode;

export interface LocalRowsTableProps<R extends object> {
  /** The columns as a declaration writes them; a field named in `cells` draws that cell instead. */
  columns: readonly ColumnDecl[];
  cells?: Partial<Record<string, LocalCell<R>>>;
  rows: readonly R[];
  /** The field that tells rows apart. */
  rowKey: keyof R & string;
  /** What the table says while it has no rows. */
  empty: string;
  /**
   * Rows a page, kept in the table's own state with the sizes lists offer; `false` shows every row,
   * scrolling inside the dialog (a sheet read for correcting, at most a few hundred rows).
   */
  pageSize?: number | false;
  /** The words beside the pager for the number of rows (共 n 条 by default). */
  totalText?: (total: number) => string;
  size?: "small" | "middle";
}

/**
 * The engine's table over rows already in hand (a sheet read from a file, a dry run's refused
 * rows) rather than a resource's calls: the same declared columns, cells and empty state as
 * `ResourceTable`, its page kept in the table's own state.
 */
export function LocalRowsTable<R extends object>({ columns, cells, rows, rowKey, empty, pageSize = pageSizes[0], totalText = (total) => `共 ${total} 条`, size = "small" }: LocalRowsTableProps<R>) {
  const [place, setPlace] = useState({ page: 1, size: pageSize || pageSizes[0] });
  const drawn: TableColumnsType<R> = columns.map((column) => {
    const bespoke = cells?.[column.field];
    const declared = tableColumn(column) as TableColumnsType<R>[number];
    return bespoke ? { ...declared, ellipsis: column.ellipsis, render: (_: unknown, row: R, index: number) => bespoke(row, index) } : declared;
  });
  // A page left past the end (rows removed) shows the last one that has rows.
  const lastPage = Math.max(1, Math.ceil(rows.length / place.size));
  const page = Math.min(place.page, lastPage);
  return (
    <Table<R>
      size={size}
      rowKey={(row) => String((row as BaseRecord)[rowKey])}
      columns={drawn}
      dataSource={rows as R[]}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      scroll={pageSize === false ? { y: 360 } : undefined}
      pagination={
        pageSize === false
          ? false
          : {
              current: page,
              pageSize: place.size,
              showSizeChanger: rows.length > pageSizes[0],
              pageSizeOptions: [...new Set([pageSize, ...pageSizes])].sort((a, b) => a - b).map(String),
              showTotal: totalText,
              onChange: (next, size) => setPlace({ page: size !== place.size ? 1 : next, size }),
            }
      }
    />
  );
}
