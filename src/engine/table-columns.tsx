import type { BaseRecord } from "@refinedev/core";
import { Tooltip, type TableColumnsType } from "antd";
import type { ColumnDecl } from "../../resources/kernel/define";
import { cellText, formatCell } from "./cells";
import { readField } from "./record-fields";

/**
 * A declared column as an antd table's: its title, width and formatted cell. An `ellipsis` column
 * keeps to one line, cut with …, the whole text in a tooltip (antd's own title attribute is off: a
 * tooltip shows on hover at once, and reads the same as the other tooltips of the console).
 */
export function tableColumn(column: ColumnDecl): TableColumnsType<BaseRecord>[number] {
  const cell = (row: BaseRecord) => formatCell(column, readField(row, column.field), row);
  return {
    title: column.title,
    dataIndex: column.field,
    key: column.field,
    width: column.width,
    ...(column.nowrap ? { onCell: () => ({ style: { whiteSpace: "nowrap" as const } }) } : {}),
    ...(column.ellipsis
      ? {
          ellipsis: { showTitle: false },
          render: (_: unknown, row: BaseRecord) => (
            <Tooltip placement="topLeft" title={cellText(column, readField(row, column.field), row)}>
              <span>{cell(row)}</span>
            </Tooltip>
          ),
        }
      : { render: (_: unknown, row: BaseRecord) => cell(row) }),
  };
}
