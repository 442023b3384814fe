import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Empty, Input, Modal, Table, type TableColumnsType } from "antd";
import { useState } from "react";
import live, { masterPickerColumns } from "../../../../resources/lives/live";
import { liveApi, liveLimits } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";
import { tableColumn } from "../../../engine/table-columns";

export interface MasterPickerDialogProps {
  open: boolean;
  courseId: number;
  onPick: (master: BaseRecord) => void;
  onClose: () => void;
}

/**
 * 选择主教室 (2 §2 main-classroom picker): a search box and the course's main classrooms (id, name,
 * time), 5 a page, each with 选择 (2 §7 master-live search).
 */
export function MasterPickerDialog({ open, courseId, onPick, onClose }: MasterPickerDialogProps) {
  const [key, setKey] = useState("");
  const [page, setPage] = useState(1);
  const list = useList<BaseRecord>({
    resource: live.name,
    meta: { api: { list: liveApi.masterSearch } },
    pagination: { current: page, pageSize: liveLimits.templatePageSize, mode: "server" },
    filters: [
      { field: "courseid", operator: "eq", value: courseId },
      { field: "key", operator: "eq", value: key },
    ],
    errorNotification: false,
    queryOptions: { enabled: open, keepPreviousData: true },
  });
  const columns: TableColumnsType<BaseRecord> = [
    ...masterPickerColumns.map(tableColumn),
    {
      title: "操作",
      key: "pick",
      width: 80,
      render: (_: unknown, row: BaseRecord) => (
        <Button type="link" size="small" aria-label={`选择${String(row.Title)}`} onClick={() => onPick(row)}>
          选择
        </Button>
      ),
    },
  ];
  return (
    <Modal title="选择主教室" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Input.Search
        placeholder="请输入主教室名称"
        aria-label="搜索主教室"
        allowClear
        maxLength={60}
        enterButton="搜索"
        style={{ marginBottom: 12 }}
        onSearch={(text) => {
          setKey(text.trim());
          setPage(1);
        }}
      />
      <Table<BaseRecord>
        size="small"
        rowKey={(row) => String(row.Id)}
        columns={columns}
        dataSource={list.isError ? [] : (list.data?.data ?? [])}
        loading={list.isFetching}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.isError ? `加载失败：${errorText(list.error)}` : list.data ? (key ? "没有匹配的主教室" : "本课程还没有主教室") : " "}
            />
          ),
        }}
        pagination={{ current: page, pageSize: liveLimits.templatePageSize, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }}
      />
    </Modal>
  );
}
