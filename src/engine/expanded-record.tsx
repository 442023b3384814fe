import type { BaseRecord } from "@refinedev/core";
import { Descriptions } from "antd";
import type { ColumnDecl } from "../../resources/kernel/define";
import { formatCell, isEmptyValue } from "./cells";
import { readField } from "./record-fields";

/** An expanded row (`expand` in resources/kernel/define.ts): label beside value, two a line; `hideEmpty` fields only when they hold something. */
export function ExpandedRecord({ fields, row }: { fields: readonly ColumnDecl[]; row: BaseRecord }) {
  const shown = fields.filter((field) => !field.hideEmpty || !isEmptyValue(readField(row, field.field)));
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      labelStyle={{ width: 120 }}
      contentStyle={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}
      items={shown.map((field, index) => ({
        key: field.field,
        label: field.title,
        children: formatCell(field, readField(row, field.field), row),
        // A last field alone on its line (the description) takes the whole line.
        span: index === shown.length - 1 && shown.length % 2 === 1 ? 2 : 1,
      }))}
    />
  );
}
