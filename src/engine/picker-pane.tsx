import type { BaseRecord } from "@refinedev/core";
import { Button, Card, Modal } from "antd";
import { useMemo, useState, type Key } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { PickerDecl, PickerPaneDecl } from "../../resources/kernel/picker";
import { readField } from "./record-fields";
import { ResourceTable } from "./resource-table";
import type { BespokeRowActions } from "./row-actions";
import { usePickerAction } from "./use-picker-action";
import type { DialogOwner } from "./use-shown-owner";

/** A pane as the engine's table knows a resource: the pane's calls, the picker's rows, its one action. */
function paneResource(picker: PickerDecl, pane: PickerPaneDecl): ResourceDecl {
  return {
    name: picker.name,
    noun: picker.noun,
    title: pane.title,
    route: "",
    menu: picker.menu,
    api: pane.api,
    id: picker.id,
    label: picker.label,
    columns: [...picker.columns],
    search: picker.search,
    actions: ["pick"],
    actionsWidth: 80,
    forms: {},
    pageSizes: [picker.pageSize],
    unit: picker.unit,
    emptyTexts: { none: pane.emptyText, searched: `没有匹配的${picker.noun}` },
  };
}

export interface PickerPaneProps {
  picker: PickerDecl;
  pane: PickerPaneDecl;
  owner: DialogOwner;
}

/**
 * One pane of a two-pane picker: the engine's table (its page and search in its own state), each
 * row with the pane's action and the picked rows with it at once; a destructive action asks first.
 */
export function PickerPane({ picker, pane, owner }: PickerPaneProps) {
  const decl = useMemo(() => paneResource(picker, pane), [picker, pane]);
  const [picked, setPicked] = useState<{ keys: Key[]; rows: BaseRecord[] }>({ keys: [], rows: [] });
  const [count, setCount] = useState<{ total: number; key: string } | null>(null);
  const { busy, act } = usePickerAction(picker, pane, owner.id);
  const [modal, modalHolder] = Modal.useModal();
  const { action } = pane;
  const nameOf = (row: BaseRecord) => String(readField(row, picker.label) ?? "");

  const run = (rows: readonly BaseRecord[]) => {
    const go = async () => {
      const taken = new Set((await act(rows)).map((row) => String(row[picker.id])));
      setPicked(({ keys, rows: kept }) => ({ keys: keys.filter((key) => !taken.has(String(key))), rows: kept.filter((row) => !taken.has(String(row[picker.id]))) }));
    };
    if (!action.confirm) return void go();
    void modal.confirm({
      title: "提示",
      content: action.confirm.replace("{names}", rows.map(nameOf).join("、")),
      okText: "确定",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  const rowActions: BespokeRowActions = {
    pick: (row) => (
      <Button type="link" size="small" danger={!!action.confirm} loading={busy.has(row[picker.id])} aria-label={`${action.label}${nameOf(row)}`} onClick={() => run([row])}>
        {action.label}
      </Button>
    ),
  };
  // The owner's rows against its seats (已添加学员（5/6）); a search counts its matches only.
  const countText = count && (pane.countsSeats && owner.seats != null && count.key === "" ? `${count.total}/${owner.seats}` : String(count.total));
  const ownerParams = { [pane.ownerParam]: owner.id };

  return (
    <Card
      size="small"
      title={countText ? `${pane.title}（${countText}）` : pane.title}
      extra={
        <Button size="small" danger={!!action.confirm} disabled={picked.rows.length === 0} onClick={() => run(picked.rows)}>
          {picked.rows.length > 0 ? `${action.label}所选（${picked.rows.length}）` : `${action.label}所选`}
        </Button>
      }
      style={{ flex: 1, minWidth: 0 }}
      aria-label={pane.title}
      role="region"
    >
      {modalHolder}
      <ResourceTable
        decl={decl}
        placeIn="state"
        dense
        onCount={setCount}
        // The search variant only while a key is typed (1 §7, 2 §7), the owner named in every call.
        listCall={(searched) => ({ api: { list: searched ? pane.api.search : pane.api.list }, params: ownerParams })}
        rowActions={rowActions}
        selection={{ keys: picked.keys, onChange: (keys, rows) => setPicked({ keys, rows }) }}
      />
    </Card>
  );
}
