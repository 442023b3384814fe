import { Button, Checkbox, Popover } from "antd";
import type { CallColumnDecl } from "../../resources/kernel/call-list";

export interface ColumnChooserProps {
  columns: readonly CallColumnDecl[];
  /** Fields of the columns hidden now. */
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
}

/** 列设置 (3 §2.2 column-selection popover): a box a column, checked while shown; the last one shown cannot be unchecked. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const shown = columns.filter((c) => !hidden.has(c.field)).map((c) => c.field);
  const content = (
    <Checkbox.Group
      value={shown}
      style={{ display: "flex", flexDirection: "column", gap: 4 }}
      options={columns.map((c) => ({ label: c.title, value: c.field, disabled: shown.length === 1 && shown[0] === c.field }))}
      onChange={(values) => onChange(new Set(columns.map((c) => c.field).filter((field) => !values.includes(field))))}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" title="显示的列">
      <Button>列设置</Button>
    </Popover>
  );
}
