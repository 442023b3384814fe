import { Button, Card, Popconfirm, Result, Space } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { JsonListPageDecl } from "../../resources/kernel/json-list";
import { usePageBack } from "../lib/shell-back";
import { AccessGate } from "./access-gate";
import { fillRoute } from "./fill-route";
import { JsonItemDialog, type ItemForm } from "./json-list-form";
import { JsonListImport } from "./json-list-import";
import { useJsonList, type Item } from "./json-list-state";
import { LocalRowsTable } from "./local-rows-table";

const positive = (text: string | null) => (text && /^[1-9]\d*$/.test(text) ? Number(text) : null);

/** Where 返回 goes (2 §2): the callback when it is an address of this console, else the course's lives, else the declared list. */
export function backAddress(decl: JsonListPageDecl, search: URLSearchParams): string {
  const callback = search.get(decl.back.callback) ?? "";
  // Only a path of this site: never another origin (`//host`, `https:`), so the link cannot lead away.
  if (/^\/(?![/\\])/.test(callback)) return callback;
  const course = positive(search.get(decl.back.course.param));
  return course ? fillRoute(decl.back.course.to, { [decl.back.course.param]: course }) : decl.back.otherwise;
}

/**
 * A page of a list a record keeps as JSON text, generated from its declaration
 * (resources/kernel/json-list.ts; /sellProduct, /adInfoByLive): the admin page's one access check,
 * the record from the address, the engine's table over the items with 修改 and 删除 (confirmed), the
 * item's form in a dialog for 添加 and 修改, the import from templates, and the top bar's 返回 going where 2 §2 says.
 */
export function JsonListPage({ decl }: { decl: JsonListPageDecl }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The top bar's one 返回, going where this page's return rule says.
  usePageBack(() => navigate(backAddress(decl, search)));
  return (
    <AccessGate menuKey={decl.access}>
      <Card title={decl.title}>
        <PageBody decl={decl} recordId={positive(search.get(decl.record.param))} />
      </Card>
    </AccessGate>
  );
}

function PageBody({ decl, recordId }: { decl: JsonListPageDecl; recordId: number | null }) {
  if (recordId === null) return <Result status="warning" title={decl.record.missing} />;
  return <ListBody decl={decl} recordId={recordId} />;
}

function ListBody({ decl, recordId }: { decl: JsonListPageDecl; recordId: number }) {
  const list = useJsonList(decl, recordId);
  const [form, setForm] = useState<ItemForm | null>(null);
  const [importing, setImporting] = useState(false);
  const name = (item: Item) => String(item[decl.label] ?? "");

  if (list.failed) return <Result status="error" title={`${decl.noun}列表加载失败`} extra={<Button onClick={list.retry}>重试</Button>} />;
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setForm({ mode: "create", serial: Date.now() })}>
          添加
        </Button>
        {decl.import && <Button onClick={() => setImporting(true)}>{decl.import.label}</Button>}
      </Space>
      <LocalRowsTable<Item>
        columns={[...decl.columns, { field: "__actions", title: "操作", width: 130 }]}
        rows={list.rows}
        rowKey={decl.itemId}
        empty={list.loading ? "加载中…" : `还没有${decl.noun}`}
        size="middle"
        cells={{
          __actions: (row) => (
            <Space>
              <Button type="link" size="small" onClick={() => setForm({ mode: "edit", item: list.items.find((item) => item[decl.itemId] === row[decl.itemId]), serial: Date.now() })}>
                修改
              </Button>
              <Popconfirm
                title={`确定删除${decl.noun}「${name(row)}」吗？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() => list.commit("remove", list.items.filter((item) => item[decl.itemId] !== row[decl.itemId]))}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        }}
      />
      {form && <JsonItemDialog decl={decl} form={form} items={list.items} commit={list.commit} onClose={() => setForm(null)} />}
      {decl.import && importing && <JsonListImport decl={decl} items={list.items} commit={list.commit} onClose={() => setImporting(false)} />}
    </>
  );
}
