import { Input, Modal, Table, message, type TableColumnsType } from "antd";
import { useMemo, useState } from "react";
import type { JsonListPageDecl } from "../../resources/kernel/json-list";
import { useCall } from "../lib/use-call";
import type { Item, Operation } from "./json-list-state";
import { tableColumn } from "./table-columns";

type Commit = (operation: Operation, next: Item[]) => Promise<{ ok: boolean }>;
/** A template's item with the template's id beside its fields (`__template`). */
type Template = Item & { __template: number };
const ID = "__template";

const withoutId = ({ [ID]: _id, ...item }: Template): Item => item;

const parse = (text: unknown): Item => {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Item) : {};
  } catch {
    return {};
  }
};

/**
 * 从模板导入 (2 §2, §4, §5): the templates a page at a time, searched by name (trimmed; empty lists
 * all); those already in the list (by the template they came from) show checked and disabled. Importing picked templates whose id another item has, or two picked with one id, names
 * both and says the declared clash (ID相同，请重新选择) without a save; otherwise the picked
 * templates are added to the list in one save, each keeping its template's id.
 */
export function JsonListImport({ decl, items, commit, onClose }: { decl: JsonListPageDecl; items: Item[]; commit: Commit; onClose: () => void }) {
  const spec = decl.import!;
  const [page, setPage] = useState(1);
  const [key, setKey] = useState("");
  const [picked, setPicked] = useState<Map<number, Item>>(new Map());
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const read = useCall<unknown>(spec.list, { page, count: spec.pageSize, ...(key ? { key } : {}) }, { keepPrevious: true });
  const rows: Template[] = useMemo(
    () => (Array.isArray(read.answer?.data) ? (read.answer.data as Record<string, unknown>[]) : []).map((row) => ({ ...parse(row[spec.field]), [ID]: Number(row[spec.id]) })),
    [read.answer, spec.id, spec.field],
  );
  // Already in the list: imported from this template (2 §4). An item of another origin with the same id is a clash, told on 确定.
  const added = (t: Template) => items.some((item) => item[spec.keepsId] === t[ID]);
  const name = (item: Item) => `「${String(item[decl.label] ?? "")}」`;

  async function save() {
    const chosen = [...picked.entries()].map(([id, item]) => ({ ...item, [spec.keepsId]: id }));
    if (chosen.length === 0) return setOpen(false);
    const taken = new Map(items.map((item) => [item[decl.itemId], item]));
    for (const item of chosen) {
      const other = taken.get(item[decl.itemId]);
      if (other) return void message.error(`${name(other)}与${name(item)}${spec.clash}`);
      taken.set(item[decl.itemId], item);
    }
    setSaving(true);
    const result = await commit("create", [...items, ...chosen]);
    setSaving(false);
    if (result.ok) setOpen(false);
  }

  return (
    <Modal open={open} title={spec.label} width={760} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => void save()} onCancel={() => setOpen(false)} afterClose={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={`请输入${decl.noun}名称`}
        style={{ marginBottom: 12, maxWidth: 280 }}
        onSearch={(value) => {
          setKey(value.trim());
          setPage(1);
        }}
      />
      <Table<Template>
        size="small"
        rowKey={ID}
        loading={read.loading}
        dataSource={rows}
        columns={decl.columns.filter((c) => !decl.counts || c.field !== decl.counts.field).map((c) => tableColumn(c) as TableColumnsType<Template>[number])}
        pagination={{ current: page, pageSize: spec.pageSize, total: Number(read.answer?.count ?? rows.length), onChange: setPage, showSizeChanger: false }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...rows.filter(added).map((t) => t[ID]), ...picked.keys()],
          getCheckboxProps: (t) => ({ disabled: added(t), "aria-label": String(t[decl.label] ?? "") }),
          onSelect: (t, selected) =>
            setPicked((before) => {
              const next = new Map(before);
              if (selected) next.set(t[ID], withoutId(t));
              else next.delete(t[ID]);
              return next;
            }),
          onSelectAll: (selected, _rows, changed) =>
            setPicked((before) => {
              const next = new Map(before);
              for (const t of changed.filter((row) => !added(row))) {
                if (selected) next.set(t[ID], withoutId(t));
                else next.delete(t[ID]);
              }
              return next;
            }),
        }}
      />
    </Modal>
  );
}
