import { DeleteOutlined, DragOutlined, FolderAddOutlined, UploadOutlined } from "../../components/icons";
import { Breadcrumb, Button, Input, Space } from "antd";
import { useEffect, useRef, useState } from "react";
import { cloudDisk, type CloudCrumb } from "../../../resources/cloud-disk/cloud-disk";

const crumbLink = (label: string, onClick: () => void) => (
  <Button type="link" size="small" style={{ padding: 0, height: "auto" }} onClick={onClick}>
    {label}
  </Button>
);

/** 全部文件 › folders › the open one (or the search), each but the last a way back up. */
export function DiskBreadcrumb({ crumbs, searchKey, onOpen }: { crumbs: CloudCrumb[]; searchKey: string; onOpen: (folder: number) => void }) {
  const trail = [{ id: 0, name: "全部文件" }, ...crumbs];
  const items = trail.map((crumb, i) => ({
    key: crumb.id,
    title: i === trail.length - 1 && !searchKey ? <span aria-current="page">{crumb.name}</span> : crumbLink(crumb.name, () => onOpen(crumb.id)),
  }));
  if (searchKey) items.push({ key: -1, title: <span aria-current="page">{`搜索“${searchKey}”的结果`}</span> });
  return <Breadcrumb items={items} />;
}

/** Search over the whole disk (2 §7 search {key}); an empty search goes back to the folder. */
export function DiskSearch({ value, onSearch }: { value: string; onSearch: (key: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      aria-label="搜索文件名"
      placeholder="搜索文件名"
      allowClear
      maxLength={50}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(key) => onSearch(key)}
      style={{ width: 260 }}
    />
  );
}

export interface DiskActionsProps {
  selectedCount: number;
  /** Search results are not a folder: nothing is uploaded or created into them. */
  searching: boolean;
  onUpload: (files: File[]) => void;
  onNewFolder: () => void;
  onMove: () => void;
  onRemove: () => void;
}

/** 上传文件, 新建文件夹, and 移动 / 删除 for what is selected. */
export function DiskActions({ selectedCount, searching, onUpload, onNewFolder, onMove, onRemove }: DiskActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space wrap>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="选择要上传的文件"
        accept={cloudDisk.extensions.map((ext) => `.${ext}`).join(",")}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onUpload(files);
        }}
      />
      <Button type="primary" icon={<UploadOutlined />} disabled={searching} onClick={() => input.current?.click()}>
        上传文件
      </Button>
      <Button icon={<FolderAddOutlined />} disabled={searching} onClick={onNewFolder}>
        新建文件夹
      </Button>
      <Button icon={<DragOutlined />} disabled={!selectedCount} onClick={onMove}>
        移动
      </Button>
      <Button icon={<DeleteOutlined />} danger disabled={!selectedCount} onClick={onRemove}>
        删除
      </Button>
    </Space>
  );
}
