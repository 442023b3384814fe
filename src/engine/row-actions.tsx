import type { BaseRecord } from "@refinedev/core";
import { Button, Space, Typography } from "antd";
import { Fragment, type ReactNode } from "react";
import { useNavigate, type NavigateFunction } from "react-router-dom";
import { auditResourceLabels } from "../../resources/platform/audit-log";
import type { ResourceDecl } from "../../resources/kernel/define";
import { fillRoute } from "./cells";
import { removalWords } from "./mutation-notices";
import { useEngineRegistry } from "./registry";

/** Row actions a page supplies by the names its declaration gives them (`lives`, `students`…). */
export type BespokeRowActions = Record<string, (row: BaseRecord) => ReactNode>;

/** What the engine's own row actions act with. */
export interface RowActionContext {
  decl: ResourceDecl;
  row: BaseRecord;
  navigate: NavigateFunction;
  /** The row's edit dialog is loading. */
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the row's 变更记录 drawer (audit-history.tsx). */
  onHistory: () => void;
  /** Opens the dialog of an action an area registered by this name (row-action-parts.tsx). */
  onPart: (name: string) => void;
}

/**
 * The engine's own row actions by name: a declaration lists the ones it wants (`actions`), and
 * `offeredEverywhere` names those every generated list adds on its own. A new engine-wide action
 * is one entry here (and its handler in the context), with no change to any declaration.
 */
export const engineRowActions: Record<string, (context: RowActionContext) => ReactNode> = {
  show: ({ decl, row, navigate }) =>
    decl.show && (
      <Button type="link" size="small" onClick={() => navigate(fillRoute(decl.show!, row))}>
        查看
      </Button>
    ),
  edit: ({ decl, editing, onEdit }) =>
    decl.forms.edit && (
      <Button type="link" size="small" loading={editing} onClick={onEdit}>
        修改
      </Button>
    ),
  delete: ({ decl, onDelete }) =>
    decl.api.remove && (
      <Button type="link" size="small" danger onClick={onDelete}>
        {removalWords(decl).action}
      </Button>
    ),
  history: ({ onHistory }) => (
    <Button type="link" size="small" onClick={onHistory}>
      变更记录
    </Button>
  ),
};

/**
 * Whether the server keeps a record's changes: the resources the organisation's log names
 * (resources/platform/audit-log.ts), engine tables and the bespoke writes of people and courses alike.
 */
export const audited = (decl: ResourceDecl) => Object.hasOwn(auditResourceLabels, decl.name) && (!!decl.api.create || !!decl.api.update || !!decl.api.remove);

/** A row's actions in order: the declared ones, then those every list of such a resource offers (变更记录, issue 9 item 9). */
export function rowActionNames(decl: ResourceDecl): string[] {
  const offeredEverywhere = audited(decl) ? ["history"] : [];
  return [...decl.actions, ...offeredEverywhere.filter((name) => !decl.actions.includes(name))];
}

/** Three short actions fit one line; more wrap onto a second rather than squeeze the columns. */
export const rowActionsWidth = (decl: ResourceDecl) => decl.actionsWidth ?? (rowActionNames(decl).length > 3 ? 240 : 200);

/** Whether a row is voided by its declaration's `voided` rule (2 §2: Status other than 1). */
export const isVoided = (decl: ResourceDecl, row: BaseRecord) => !!decl.voided && Number(row[decl.voided.field]) !== decl.voided.active;

export interface RowActionsProps extends Omit<RowActionContext, "navigate"> {
  bespoke?: BespokeRowActions;
  /** The declaration's `rowActions` for the row, drawn first (declared-row-actions.tsx). */
  declared?: (row: BaseRecord) => ReactNode[];
}

/**
 * A row's actions, in the order `rowActionNames` gives: the engine's own, the declared links, the
 * page's bespoke ones and those an area registered (a button opening its dialog for the row).
 */
export function RowActions({ bespoke, declared, ...context }: RowActionsProps) {
  const navigate = useNavigate();
  const { rowActions: registered } = useEngineRegistry();
  const { decl, row } = context;
  if (decl.voided && isVoided(decl, row)) return <Typography.Text type="danger">{decl.voided.text}</Typography.Text>;
  return (
    <Space size={0} wrap>
      {declared?.(row)}
      {rowActionNames(decl).map((action) => {
        const own = engineRowActions[action];
        const link = decl.links?.[action];
        const part = registered[action];
        const render = own
          ? () => own({ ...context, navigate })
          : link
            ? () => linkButton(link.label, () => navigate(fillRoute(link.to, row)))
            : bespoke?.[action]
              ? () => bespoke[action](row)
              : part && (() => linkButton(part.label, () => context.onPart(action)));
        if (!render) throw new Error(`resource "${decl.name}" names a row action "${action}" that neither its page nor an area supplies`);
        return <Fragment key={action}>{render()}</Fragment>;
      })}
    </Space>
  );
}

const linkButton = (label: string, onClick: () => void) => (
  <Button type="link" size="small" onClick={onClick}>
    {label}
  </Button>
);
