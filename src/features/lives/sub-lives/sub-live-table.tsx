import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Empty, Result, Space, Table, Typography, type TableColumnsType } from "antd";
import live, { subLiveColumns, subLiveOperations } from "../../../../resources/lives/live";
import { liveApi, type LiveRecord } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";
import { tableColumn } from "../../../engine/table-columns";
import { isVoided } from "../../../engine/row-actions";
import { pageSizes } from "../../../../resources/kernel/paging";
import { useOperationButtons, type OperationHandlers } from "../operations/operations-cell";

export interface SubLivePlace {
  page: number;
  pageSize: number;
  go: (next: { page: number; pageSize: number }) => void;
}

export interface SubLiveTableProps {
  /** The main classroom whose sub-classes these are. */
  master: { id: number; courseId: number };
  place: SubLivePlace;
  /** 添加学员, 修改, 作废 of a sub-class. */
  handlers: OperationHandlers;
  size?: "small" | "middle";
}

const noExtras: ReadonlySet<string> = new Set();

/**
 * The sub-classes of a main classroom (2 §2 sub-classroom list, 2 §7 sub-lives), through Refine's
 * `useList` on the live resource: voiding or changing a live refreshes it too. A voided sub-class
 * shows 已作废 in red and no operations.
 */
export function SubLiveTable({ master, place, handlers, size = "middle" }: SubLiveTableProps) {
  const buttons = useOperationButtons({ handlers, held: noExtras, operations: subLiveOperations });
  const list = useList<BaseRecord>({
    resource: live.name,
    meta: { api: { list: liveApi.sub } },
    pagination: { current: place.page, pageSize: place.pageSize, mode: "server" },
    filters: [
      { field: "masterid", operator: "eq", value: master.id },
      { field: "courseid", operator: "eq", value: master.courseId },
    ],
    errorNotification: false,
  });
  const columns: TableColumnsType<BaseRecord> = [
    ...subLiveColumns.map(tableColumn),
    {
      title: "操作",
      key: "operations",
      width: 200,
      render: (_: unknown, row: BaseRecord) =>
        isVoided(live, row) ? (
          <Typography.Text type="danger">{live.voided!.text}</Typography.Text>
        ) : (
          <Space size={0} wrap>
            {buttons(row as LiveRecord)}
          </Space>
        ),
    },
  ];
  if (list.isError && !list.data)
    return (
      <Result
        status="error"
        title="子班级加载失败"
        subTitle={errorText(list.error)}
        extra={<Button onClick={() => void list.refetch()}>重试</Button>}
      />
    );
  return (
    <Table<BaseRecord>
      size={size}
      rowKey={(row) => String(row.Id)}
      columns={columns}
      dataSource={list.data?.data ?? []}
      loading={list.isFetching}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.data ? "还没有子班级" : " "} /> }}
      pagination={{
        current: place.page,
        pageSize: place.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (total) => `共 ${total} 条`,
        hideOnSinglePage: size === "small",
        onChange: (page, pageSize) => place.go({ page: pageSize !== place.pageSize ? 1 : page, pageSize }),
      }}
    />
  );
}
