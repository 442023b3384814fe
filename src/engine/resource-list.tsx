import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Card, Empty, message, Modal, Result, Space, Table, type TableColumnsType } from "antd";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../resources/define";
import { AccessGate } from "./access-gate";
import { fillRoute, formatCell } from "./cells";
import { ListToolbar } from "./list-toolbar";
import { ResourceFormDialog, useFormOpener } from "./resource-form-dialog";
import { pageSizes, useListPlace } from "./use-list-place";
import { useResourceList } from "./use-resource-list";

/** The generated list screen of a resource (1 §2.4): search, 添加, paged rows and row actions. */
export function ResourceList({ decl }: { decl: ResourceDecl }) {
  return (
    <Card title={decl.title}>
      <AccessGate menuKey={decl.menu.key}>
        <ResourceTable decl={decl} />
      </AccessGate>
    </Card>
  );
}

function ResourceTable({ decl }: { decl: ResourceDecl }) {
  const navigate = useNavigate();
  const dataProvider = useDataProvider()();
  const { place, go } = useListPlace();
  const list = useResourceList(decl, place);
  const opener = useFormOpener(decl);
  const [modal, modalHolder] = Modal.useModal();

  // A deletion can empty the last page: step back to the new last page.
  const lastPage = Math.max(1, Math.ceil(list.total / place.pageSize));
  useEffect(() => {
    if (!list.loading && !list.error && list.loaded && list.rows.length === 0 && place.page > lastPage && list.total > 0)
      go({ page: lastPage }, { replace: true });
  }, [list, place.page, lastPage, go]);

  const confirmDelete = (row: BaseRecord) =>
    modal.confirm({
      title: "提示",
      content: `确定删除${decl.noun}「${String(row[decl.label] ?? "")}」吗？`,
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        try {
          await dataProvider.deleteOne({ resource: decl.name, id: row[decl.id] as string | number, meta: { api: decl.api } });
          message.success("删除成功");
          list.reload();
        } catch {
          // 1 §8: a refused deletion of a user says nothing; the list stays as it was.
        }
      },
    });

  const actionColumn: TableColumnsType<BaseRecord>[number] = {
    title: "操作",
    key: "actions",
    width: 200,
    render: (_, row) => (
      <Space size={0}>
        {decl.actions.includes("show") && decl.show && (
          <Button type="link" size="small" onClick={() => navigate(fillRoute(decl.show!, row))}>
            查看
          </Button>
        )}
        {decl.actions.includes("edit") && decl.forms.edit && (
          <Button type="link" size="small" loading={opener.opening === String(row[decl.id])} onClick={() => opener.open("edit", row)}>
            修改
          </Button>
        )}
        {decl.actions.includes("delete") && decl.api.remove && (
          <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
            删除
          </Button>
        )}
      </Space>
    ),
  };
  const columns: TableColumnsType<BaseRecord> = [
    ...decl.columns.map((column) => ({
      title: column.title,
      dataIndex: column.field,
      key: column.field,
      width: column.width,
      render: (value: unknown) => formatCell(column, value),
    })),
    ...(decl.actions.length > 0 ? [actionColumn] : []),
  ];

  const canAdd = (decl.createRoute || decl.forms.create) && decl.api.create;

  return (
    <>
      <ListToolbar
        decl={decl}
        searchKey={place.key}
        onSearch={(key) => go({ key, page: 1 })}
        onAdd={canAdd ? () => (decl.createRoute ? navigate(decl.createRoute) : opener.open("create")) : undefined}
        onQuickAdd={canAdd && decl.createRoute && decl.quickCreate && decl.forms.create ? () => opener.open("create") : undefined}
        adding={opener.opening === "create"}
        reload={list.reload}
      />
      {list.error && !list.loaded ? (
        <Result
          status="error"
          title="列表加载失败"
          subTitle={list.error}
          extra={
            <Button type="primary" onClick={list.reload}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          {list.error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={`刷新失败：${list.error}`}
              action={
                <Button size="small" onClick={list.reload}>
                  重试
                </Button>
              }
            />
          )}
          <Table<BaseRecord>
            size="middle"
            rowKey={(row) => String(row[decl.id])}
            columns={columns}
            dataSource={list.rows}
            loading={list.loading}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={list.loaded ? (place.key ? `没有找到与「${place.key}」匹配的${decl.noun}` : `还没有${decl.noun}`) : " "}
                />
              ),
            }}
            pagination={{
              current: place.page,
              pageSize: place.pageSize,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: pageSizes.map(String),
              showTotal: (total) => `共 ${total} 条`,
              onChange: (page, pageSize) => go({ page: pageSize !== place.pageSize ? 1 : page, pageSize }),
            }}
          />
        </>
      )}
      {opener.form && (
        <ResourceFormDialog
          decl={decl}
          form={opener.form}
          open={opener.visible}
          onClose={opener.close}
          afterClose={opener.closed}
          onSaved={list.reload}
        />
      )}
      {modalHolder}
    </>
  );
}
