import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { Button, Flex, Modal, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { whitelistList, type WhitelistEntry } from "../../../../../resources/lives/live-validator";
import { ResourceTable } from "../../../../engine/resource-table";
import type { ValidatorService } from "../use-validator-service";
import { useWhitelistActions } from "./use-whitelist";
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
 * 白名单列表 (2 §2): the engine's table of the live's entries (resources/lives/live-validator.ts),
 * its page kept in the dialog, with 添加, 导入, 下载模板, 导出 and 清空 above and 修改 and 删除 on
 * each row. Every outcome is said in 2 §8's words.
 */
export function WhitelistDialog({ live, service, open, onClose }: WhitelistDialogProps) {
  const invalidate = useInvalidate();
  const reload = () => void invalidate({ resource: whitelistList.name, invalidates: ["list"] });
  const actions = useWhitelistActions(service, reload);
  const [editing, setEditing] = useState<WhitelistEntry | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const [total, setTotal] = useState(0);

  const rowActions = {
    changeEntry: (row: BaseRecord) => (
      <Button type="link" size="small" aria-label={`修改${String(row.username)}`} onClick={() => setEditing(row as WhitelistEntry)}>
        修改
      </Button>
    ),
    removeEntry: (row: BaseRecord) => (
      <Popconfirm title="确定删除该白名单吗？" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => actions.remove(Number(row.id))}>
        <Button type="link" size="small" danger aria-label={`删除${String(row.username)}`}>
          删除
        </Button>
      </Popconfirm>
    ),
  };

  return (
    <Modal title="白名单列表" open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <Flex vertical gap={12}>
        <WhitelistToolbar
          live={live}
          service={service}
          total={total}
          onAdd={() => setEditing("new")}
          onImport={() => setImporting(true)}
          onClear={actions.clear}
        />
        {service.token !== null && (
          <ResourceTable
            decl={whitelistList}
            placeIn="state"
            listCall={() => ({ api: whitelistList.api, params: { roomid: service.liveId, token: service.token! } })}
            rowActions={rowActions}
            onTotal={setTotal}
          />
        )}
        <Typography.Text type="secondary">同一场直播中密码不能重复；观众凭用户名和密码进入直播。</Typography.Text>
      </Flex>
      <WhitelistEntryDialog
        editing={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSubmit={(row) => (editing === "new" || editing === null ? actions.add(row) : actions.update(editing.id, row))}
      />
      <WhitelistImportDialog service={service} open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </Modal>
  );
}
