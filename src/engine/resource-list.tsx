import { Button, Card } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { AccessGate } from "./access-gate";
import "./list-styles";
import { NestedList } from "./nested-list";
import { ResourceTable, type ResourceTableProps } from "./resource-table";

export { ResourceTable, type ResourceTableProps } from "./resource-table";

export interface ResourceListProps extends ResourceTableProps {
  /** What the page keeps beside the list, such as the dialogs of its bespoke actions. */
  children?: ReactNode;
  /** The card's title when it is not the declaration's (a course's name over its lives). */
  title?: ReactNode;
  /** Beside the title: a way back, say. */
  extra?: ReactNode;
  /** Menu keys any of which opens the page (one a page of another menu leads to); by default the declaration's. */
  access?: readonly string[];
}

/**
 * The generated list screen of a resource (1 §2.4, §2.5): filters or search, 添加, paged rows,
 * expandable rows and row actions.
 */
export function ResourceList({ decl, title, extra, access, children, expandExtra, ...table }: ResourceListProps) {
  const nested = decl.nested;
  const [search] = useSearchParams();
  const back = decl.backWhen && search.get(decl.backWhen.param) ? (
    <Link to={decl.backWhen.to}>
      <Button>{decl.backWhen.label}</Button>
    </Link>
  ) : undefined;
  return (
    <Card title={title ?? decl.title} extra={extra ?? back}>
      <AccessGate menuKey={access ?? decl.menu.key}>
        <ResourceTable decl={decl} expandExtra={expandExtra ?? (nested && ((row) => <NestedList owner={decl} nested={nested} row={row} />))} {...table} />
        {children}
      </AccessGate>
    </Card>
  );
}

