import type { BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import { Fragment, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../resources/define";
import { fillRoute } from "./cells";

/** Row actions a page supplies by the names its declaration gives them (`lives`, `students`…). */
export type BespokeRowActions = Record<string, (row: BaseRecord) => ReactNode>;

export interface RowActionsProps {
  decl: ResourceDecl;
  row: BaseRecord;
  bespoke?: BespokeRowActions;
  /** The row's edit dialog is loading. */
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** Three short actions fit one line; more wrap onto a second rather than squeeze the columns. */
export const rowActionsWidth = (decl: ResourceDecl) => (decl.actions.length > 3 ? 240 : 200);

/** A row's actions, in the order `decl.actions` gives: the engine's own and the page's bespoke ones. */
export function RowActions({ decl, row, bespoke, editing, onEdit, onDelete }: RowActionsProps) {
  const navigate = useNavigate();
  const own: Record<string, () => ReactNode> = {
    show: () =>
      decl.show && (
        <Button type="link" size="small" onClick={() => navigate(fillRoute(decl.show!, row))}>
          查看
        </Button>
      ),
    edit: () =>
      decl.forms.edit && (
        <Button type="link" size="small" loading={editing} onClick={onEdit}>
          修改
        </Button>
      ),
    delete: () =>
      decl.api.remove && (
        <Button type="link" size="small" danger onClick={onDelete}>
          删除
        </Button>
      ),
  };
  return (
    <Space size={0} wrap>
      {decl.actions.map((action) => {
        const render = own[action] ?? (bespoke?.[action] && (() => bespoke[action](row)));
        if (!render) throw new Error(`resource "${decl.name}" names a row action "${action}" that its page does not supply`);
        return <Fragment key={action}>{render()}</Fragment>;
      })}
    </Space>
  );
}
