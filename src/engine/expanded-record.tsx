import type { BaseRecord } from "@refinedev/core";
import { Descriptions } from "antd";
import type { ColumnDecl } from "../../resources/define";
import { formatCell } from "./cells";
import { readField } from "./record-fields";

/** An expanded row (`expand` in resources/define.ts): label beside value, two a line. */
export function ExpandedRecord({ fields, row }: { fields: readonly ColumnDecl[]; row: BaseRecord }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      labelStyle={{ width: 120 }}
      contentStyle={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}
      items={fields.map((field, index) => ({
        key: field.field,
        label: field.title,
        children: formatCell(field, readField(row, field.field)),
        // A last field alone on its line (the description) takes the whole line.
        span: index === fields.length - 1 && fields.length % 2 === 1 ? 2 : 1,
      }))}
    />
  );
}
