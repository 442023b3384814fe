import { Button, Card, Flex, Input, Modal, Table, Typography, type TableColumnsType } from "antd";
import { useCallback, useMemo } from "react";
import { panePageSize, type PaneKind, type PickerStudent } from "./pane-kinds";
import { usePaneAction } from "./use-pane-action";
import { usePanePage } from "./use-pane-page";

interface StudentPaneProps {
  kind: PaneKind;
  /** The course or live whose students these are. */
  ownerId: number;
  /** How many students the owner may have; null for no bound. */
  seats: number | null;
}

function PaneEmpty({ error, searching, kind, onRetry }: { error: string | null; searching: boolean; kind: PaneKind; onRetry: () => void }) {
  if (error) {
    return (
      <Flex vertical align="center" gap={4} role="alert">
        <Typography.Text type="danger">{`加载失败：${error}`}</Typography.Text>
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      </Flex>
    );
  }
  return <Typography.Text type="secondary">{searching ? "没有匹配的学员" : kind.emptyText}</Typography.Text>;
}

/** One pane of 学员管理: a search box and 5 students a page, each with the pane's action. */
export function StudentPane({ kind, ownerId, seats }: StudentPaneProps) {
  const list = usePanePage(kind, ownerId);
  const { busy, act } = usePaneAction(kind, ownerId);
  const [modal, modalHolder] = Modal.useModal();
  const { confirm } = kind.action;
  const onAction = useCallback(
    (student: PickerStudent) => {
      if (!confirm) return void act(student);
      void modal.confirm({
        title: "提示",
        content: confirm(student.Name),
        okText: "确定",
        cancelText: "取消",
        okButtonProps: { danger: true },
        onOk: () => act(student),
      });
    },
    [act, confirm, modal],
  );

  // The owner's students against its seats (已添加学员（5/6）); a search counts its matches only.
  const countText = kind.countsSeats && seats !== null && list.key === "" ? `${list.total}/${seats}` : String(list.total);

  const columns = useMemo<TableColumnsType<PickerStudent>>(
    () => [
      { title: "姓名", dataIndex: "Name", key: "name", ellipsis: true },
      { title: "手机号", dataIndex: "Mobile", key: "mobile", width: 130 },
      {
        title: "操作",
        key: "action",
        width: 80,
        render: (_, student) => (
          <Button
            type="link"
            size="small"
            danger={!!confirm}
            loading={busy.has(student.Id)}
            aria-label={`${kind.action.label}${student.Name}`}
            onClick={() => onAction(student)}
          >
            {kind.action.label}
          </Button>
        ),
      },
    ],
    [kind, busy, confirm, onAction],
  );

  return (
    <Card
      size="small"
      title={list.counted ? `${kind.title}（${countText}）` : kind.title}
      style={{ flex: 1, minWidth: 0 }}
      styles={{ body: { display: "flex", flexDirection: "column", gap: 8 } }}
      aria-label={kind.title}
      role="region"
    >
      {modalHolder}
      <Input.Search placeholder="请输入姓名或手机号" allowClear maxLength={50} enterButton="搜索" aria-label={`搜索${kind.title}`} onSearch={list.search} />
      <Table<PickerStudent>
        rowKey="Id"
        size="small"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        locale={{ emptyText: <PaneEmpty error={list.error} searching={list.key !== ""} kind={kind} onRetry={list.retry} /> }}
        pagination={{
          current: list.page,
          pageSize: panePageSize,
          total: list.total,
          onChange: list.setPage,
          showSizeChanger: false,
          size: "small",
          hideOnSinglePage: false,
          showTotal: (total) => `共 ${total} 人`,
        }}
      />
    </Card>
  );
}
