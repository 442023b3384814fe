import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Drawer, Empty, Pagination, Result, Skeleton, Tag } from "antd";
import { useState } from "react";
import { auditActionLabels, auditApi, type AuditRow } from "../../resources/platform/audit-log";
import type { ResourceDecl } from "../../resources/kernel/define";
import { readField } from "./record-fields";

const pageSize = 10;
const nothing = "（空）";

/** `{before, after}` of the changed fields by wire name; create has no before, remove no after. */
export interface AuditChange {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The Diff text of a log row, or an empty change when it cannot be read. */
export function readDiff(text: unknown): AuditChange {
  try {
    const parsed = typeof text === "string" ? JSON.parse(text) : text;
    return parsed && typeof parsed === "object" ? (parsed as AuditChange) : {};
  } catch {
    return {};
  }
}

/** A value as a person reads it: JSON text (a permission list, a product) laid out, nothing said as such. */
export function readable(value: unknown): string {
  if (value === undefined || value === null || value === "") return nothing;
  if (typeof value === "string") {
    const text = value.trim();
    if (!/^[[{]/.test(text)) return value;
    try {
      return JSON.stringify(JSON.parse(text), null, 1).replace(/\n\s*/g, " ");
    } catch {
      return value;
    }
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Field titles a declaration gives (its columns and expanded fields), by wire name. */
export const fieldTitles = (decl?: ResourceDecl): Record<string, string> =>
  Object.fromEntries([...(decl?.expand ?? []), ...(decl?.columns ?? [])].map((column) => [column.field, column.title]));

/** Each changed field on a line: `title: before → after`. */
export function AuditDiff({ diff, titles = {} }: { diff: AuditChange; titles?: Record<string, string> }) {
  const before = diff.before ?? {};
  const after = diff.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span>{nothing}</span>;
  return (
    <dl style={{ margin: 0 }}>
      {fields.map((field) => (
        <div key={field} style={{ display: "flex", gap: 8, alignItems: "baseline", wordBreak: "break-all" }}>
          <dt style={{ flex: "none", fontWeight: 500 }}>{titles[field] ?? field}:</dt>
          <dd style={{ margin: 0 }}>
            {field in before && <del style={{ color: "#a8071a" }}>{readable(before[field])}</del>}
            {field in before && field in after && <span aria-label="改为"> → </span>}
            {field in after && <ins style={{ color: "#135200", textDecoration: "none" }}>{readable(after[field])}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface AuditHistoryProps {
  decl: ResourceDecl;
  /** The record whose history shows; the drawer is closed without one. */
  record: BaseRecord | null;
  onClose: () => void;
}

/** A record's 变更记录 (issue 9 item 9): who changed what and when, newest first, in a drawer beside its list. */
export function AuditHistoryDrawer({ decl, record, onClose }: AuditHistoryProps) {
  const name = record ? String(readField(record, decl.label) ?? record[decl.id] ?? "") : "";
  return (
    <Drawer open={!!record} onClose={onClose} title={`变更记录${name ? `：${name}` : ""}`} width={520} destroyOnHidden>
      {record && <AuditEntries decl={decl} id={record[decl.id] as string | number} />}
    </Drawer>
  );
}

function AuditEntries({ decl, id }: { decl: ResourceDecl; id: string | number }) {
  const [page, setPage] = useState(1);
  const history = useList<AuditRow & BaseRecord>({
    resource: "auditHistory",
    pagination: { current: page, pageSize },
    filters: [
      { field: "resource", operator: "eq", value: decl.name },
      { field: "id", operator: "eq", value: id },
    ],
    meta: { api: { list: auditApi.history } },
    errorNotification: false,
  });
  const titles = fieldTitles(decl);

  if (history.isError && !history.data)
    return (
      <Result
        status="error"
        title="变更记录加载失败"
        subTitle={history.error?.message}
        extra={<Button onClick={() => history.refetch()}>重试</Button>}
      />
    );
  if (!history.data) return <Skeleton active />;
  const rows = history.data.data;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无变更记录" />;
  return (
    <>
      <ol aria-label="变更记录" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {rows.map((row) => (
          <li key={row.Id} style={{ padding: "12px 0", borderBottom: "1px solid #f0f0f0" }}>
            <div style={{ display: "flex", gap: 8, alignItems: "center", marginBottom: 6 }}>
              <Tag>{auditActionLabels[row.Action] ?? row.Action}</Tag>
              <span>{row.ActorName}</span>
              <time style={{ marginLeft: "auto", color: "rgba(0, 0, 0, 0.65)" }}>{row.CreateTime}</time>
            </div>
            <AuditDiff diff={readDiff(row.Diff)} titles={titles} />
          </li>
        ))}
      </ol>
      {history.data.total > pageSize && (
        <Pagination style={{ marginTop: 12 }} size="small" current={page} pageSize={pageSize} total={history.data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </>
  );
}
