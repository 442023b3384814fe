import { Button, Empty, Result, Space, Table, type TableColumnsType } from "antd";
import type { Key } from "react";
import { cloudDisk, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { formatBytes } from "../../lib/format";
import { ItemName } from "./item-name";
import { NameEditor } from "./name-editor";

/** The row a new folder is typed in, above the others (one at a time, 2 §5). */
const NEW_FOLDER_ID = -1;

export interface DiskTableProps {
  rows: CloudItem[];
  total: number;
  loading: boolean;
  error: { message: string } | null;
  retry: () => void;
  page: number;
  pageSize: number;
  onTurn: (page: number, pageSize: number) => void;
  /** The search key, marked in the results; "" when a folder is listed. */
  mark: string;
  onOpen: (item: CloudItem) => void;
  /** Absent on the read-only disk: no selection, no row actions. */
  edit?: {
    selected: Key[];
    onSelect: (keys: Key[]) => void;
    creating: boolean;
    onCreate: (name: string) => Promise<boolean>;
    onCreateDone: () => void;
    renaming: number | null;
    onRenameStart: (item: CloudItem) => void;
    onRename: (item: CloudItem, name: string) => Promise<boolean>;
    onRenameDone: () => void;
    onMove: (items: CloudItem[]) => void;
    onRemove: (items: CloudItem[]) => void;
  };
}

const placeholderRow = (): CloudItem => ({ id: NEW_FOLDER_ID, name: "", file_type: 0, update_time: "", updated_at: 0, url: "", guid: "", ext_name: "", doc_size: 0, preview: "" });

/** A page of the disk: names (open or preview), sizes, times, and on an editable disk selection and row actions. */
export function DiskTable(props: DiskTableProps) {
  const { edit } = props;
  const data = edit?.creating ? [placeholderRow(), ...props.rows] : props.rows;

  const columns: TableColumnsType<CloudItem> = [
    {
      title: "名称",
      key: "name",
      render: (_, item) => {
        if (edit && item.id === NEW_FOLDER_ID) return <NameEditor initial="新建文件夹" label="文件夹名称" onSave={edit.onCreate} onCancel={edit.onCreateDone} />;
        if (edit && item.id === edit.renaming)
          return <NameEditor initial={item.name} label="文件名" onSave={(name) => edit.onRename(item, name)} onCancel={edit.onRenameDone} />;
        return <ItemName item={item} mark={props.mark} onOpen={props.onOpen} />;
      },
    },
    { title: "大小", key: "size", width: 110, render: (_, item) => (item.file_type === 0 || item.id === NEW_FOLDER_ID ? "-" : formatBytes(item.doc_size)) },
    { title: "更新时间", dataIndex: "update_time", width: 180 },
  ];
  if (edit)
    columns.push({
      title: "操作",
      key: "actions",
      width: 200,
      // The 音乐 folder keeps its name and place (2 §5): nothing is offered that the server would refuse.
      render: (_, item) =>
        item.id === NEW_FOLDER_ID || item.fixed ? null : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => edit.onRenameStart(item)}>
              重命名
            </Button>
            <Button type="link" size="small" onClick={() => edit.onMove([item])}>
              移动
            </Button>
            <Button type="link" size="small" danger onClick={() => edit.onRemove([item])}>
              删除
            </Button>
          </Space>
        ),
    });

  const empty = props.error ? (
    <Result status="warning" title="文件列表加载失败" subTitle={props.error.message} extra={<Button onClick={props.retry}>重试</Button>} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.loading ? " " : props.mark ? `没有找到与「${props.mark}」匹配的文件` : "暂无文件"} />
  );

  return (
    <Table<CloudItem>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={data}
      loading={props.loading}
      locale={{ emptyText: empty }}
      rowSelection={
        edit && {
          selectedRowKeys: edit.selected,
          onChange: edit.onSelect,
          // Select all (2 §2): the page's rows; antd's own label for it is English.
          getTitleCheckboxProps: () => ({ "aria-label": "全选" }),
          getCheckboxProps: (item) => ({ disabled: item.id === NEW_FOLDER_ID || !!item.fixed, "aria-label": item.id === NEW_FOLDER_ID ? "新建文件夹" : `选择${item.name}` }),
        }
      }
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: cloudDisk.pageSizes.map(String),
        showTotal: (total) => `共 ${total} 项`,
        onChange: props.onTurn,
      }}
    />
  );
}
