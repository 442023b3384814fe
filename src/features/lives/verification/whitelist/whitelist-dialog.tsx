import { Button, Empty, Flex, Modal, Popconfirm, Result, Table, Typography } from "antd";
import { useState } from "react";
import { pageSizes } from "../../../../../resources/kernel/paging";
import type { WhitelistEntry } from "../../../../../resources/lives/live-validator";
import type { ValidatorService } from "../use-validator-service";
import { useWhitelistActions, useWhitelistPage } from "./use-whitelist";
import { WhitelistEntryDialog } from "./whitelist-entry-dialog";
import { WhitelistImportDialog } from "./whitelist-import-dialog";
import { WhitelistToolbar } from "./whitelist-toolbar";

export interface WhitelistDialogProps {
  live: { id: number; title: string };
  service: ValidatorService;
  open: boolean;
  onClose: () => void;
}

/**
 * 白名单列表 (2 §2): the live's usernames and passwords a page at a time (10/20/50), with 添加,
 * 导入, 下载模板, 导出 and 清空 above and 修改 and 删除 on each row. Loading, empty and failed
 * states are the table's own; every outcome is said in 2 §8's words.
 */
export function WhitelistDialog({ live, service, open, onClose }: WhitelistDialogProps) {
  const list = useWhitelistPage(service, open);
  const actions = useWhitelistActions(service, list.reload);
  const [editing, setEditing] = useState<WhitelistEntry | "new" | null>(null);
  const [importing, setImporting] = useState(false);

  const columns = [
    { title: "用户名", dataIndex: "username", ellipsis: true },
    { title: "密码", dataIndex: "password", ellipsis: true },
    {
      title: "操作",
      key: "actions",
      width: 140,
      render: (_: unknown, entry: WhitelistEntry) => (
        <Flex gap={4}>
          <Button type="link" size="small" aria-label={`修改${entry.username}`} onClick={() => setEditing(entry)}>
            修改
          </Button>
          <Popconfirm title="确定删除该白名单吗？" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => actions.remove(entry.id)}>
            <Button type="link" size="small" danger aria-label={`删除${entry.username}`}>
              删除
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const empty = list.failure ? (
    <Result status="warning" title={list.failure} extra={<Button onClick={list.reload}>重试</Button>} />
  ) : (
    <Empty description="还没有白名单，可添加或从表格导入" />
  );

  return (
    <Modal title="白名单列表" open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <Flex vertical gap={12}>
        <WhitelistToolbar
          live={live}
          service={service}
          total={list.total}
          onAdd={() => setEditing("new")}
          onImport={() => setImporting(true)}
          onClear={actions.clear}
        />
        <Table<WhitelistEntry>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          locale={{ emptyText: empty }}
          pagination={{
            current: list.page,
            pageSize: list.limit,
            total: list.total,
            pageSizeOptions: pageSizes.map(String),
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: list.turn,
          }}
        />
        <Typography.Text type="secondary">同一场直播中密码不能重复；观众凭用户名和密码进入直播。</Typography.Text>
      </Flex>
      <WhitelistEntryDialog
        editing={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSubmit={(row) => (editing === "new" || editing === null ? actions.add(row) : actions.update(editing.id, row))}
      />
      <WhitelistImportDialog service={service} open={importing} onClose={() => setImporting(false)} onImported={list.reload} />
    </Modal>
  );
}
