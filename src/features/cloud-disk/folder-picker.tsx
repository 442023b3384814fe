import { useDataProvider } from "@refinedev/core";
import { Modal, Tree, type TreeDataNode } from "antd";
import { useEffect, useState } from "react";
import { cloudDisk, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { diskResource, type ModeCalls } from "./disk-mode";

const ROOT = 0;

/** Folders as tree nodes; a moved folder is shown but can be neither chosen nor opened (not into itself, 2 §7). */
const nodesOf = (folders: CloudItem[], moving: Set<number>): TreeDataNode[] =>
  folders.map((f) => ({ key: f.id, title: f.name, disabled: moving.has(f.id), isLeaf: moving.has(f.id) }));

function withChildren(nodes: TreeDataNode[], key: number, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) =>
    node.key === key ? { ...node, children } : node.children ? { ...node, children: withChildren(node.children, key, children) } : node,
  );
}

/**
 * 移动到: the disk's folders as a tree, opened one level at a time (the list call with dir=1),
 * starting at 全部文件. Resolves the move through `onMove`, which answers whether it landed.
 */
export function FolderPicker({ calls, items, onMove, onClose }: { calls: ModeCalls; items: CloudItem[] | null; onMove: (newid: number) => Promise<boolean>; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const [tree, setTree] = useState<TreeDataNode[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const moving = new Set((items ?? []).filter((i) => i.file_type === 0).map((i) => i.id));

  useEffect(() => {
    if (!items) return;
    setTarget(null);
    setTree([{ key: ROOT, title: "全部文件" }]);
  }, [items]);

  const load = async (node: { key: React.Key }) => {
    const { data } = await dataProvider().getList<CloudItem>({
      resource: diskResource,
      pagination: { current: 1, pageSize: cloudDisk.maxPageSize },
      filters: [
        { field: "parentid", operator: "eq", value: node.key },
        { field: "dir", operator: "eq", value: 1 },
      ],
      meta: { api: { list: calls.list } },
    });
    setTree((nodes) => withChildren(nodes, Number(node.key), nodesOf(data, moving)));
  };

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    const moved = await onMove(target);
    setBusy(false);
    if (moved) onClose();
  };

  return (
    <Modal
      open={!!items}
      title="移动到"
      okText="移动到此处"
      cancelText="取消"
      okButtonProps={{ disabled: target === null, loading: busy }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Tree
        treeData={tree}
        loadData={load}
        defaultExpandedKeys={[ROOT]}
        selectedKeys={target === null ? [] : [target]}
        onSelect={(keys) => setTarget(keys.length ? Number(keys[0]) : null)}
        style={{ minHeight: 240, maxHeight: 400, overflow: "auto" }}
      />
    </Modal>
  );
}
