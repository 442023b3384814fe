import { PlusOutlined, SearchOutlined } from "../components/icons";
import { Button, Input, Space } from "antd";
import { Suspense, useEffect, useState } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import { useEngineRegistry } from "./registry";

export interface ListToolbarProps {
  decl: ResourceDecl;
  /** The search key in the URL. */
  searchKey: string;
  onSearch: (key: string) => void;
  /** Absent when the resource cannot be added to. */
  onAdd?: () => void;
  /** Opens the create dialog where 添加 goes to a page and the declaration also offers the dialog. */
  onQuickAdd?: () => void;
  adding: boolean;
  reload: () => void;
}

/** Above a generated list: the search box and 搜索 on the left; toolbar parts and 添加 on the right. */
export function ListToolbar({ decl, searchKey, onSearch, onAdd, onQuickAdd, adding, reload }: ListToolbarProps) {
  const [typed, setTyped] = useState(searchKey);
  // Back and forward change the key in the URL; the box follows.
  useEffect(() => setTyped(searchKey), [searchKey]);
  const search = (text: string) => onSearch(text.trim());
  const { listParts } = useEngineRegistry();
  // A read-only list (a report) has no toolbar: no empty row between its filters and its rows.
  if (!decl.search && !decl.toolbar?.length && !onAdd && !onQuickAdd) return null;

  return (
    <div style={{ display: "flex", justifyContent: "space-between", gap: 12, marginBottom: 16 }}>
      {decl.search ? (
        <Space.Compact style={{ width: 360 }}>
          <Input
            aria-label="搜索"
            placeholder={decl.search.placeholder}
            allowClear
            value={typed}
            maxLength={50}
            onChange={(event) => {
              setTyped(event.target.value);
              // Clearing the box shows the whole list again.
              if (!event.target.value && searchKey) search("");
            }}
            onPressEnter={() => search(typed)}
          />
          <Button icon={<SearchOutlined />} onClick={() => search(typed)}>
            搜索
          </Button>
        </Space.Compact>
      ) : (
        <span />
      )}
      <Space>
        {decl.toolbar?.map((name) => {
          const Part = listParts[name];
          if (!Part) throw new Error(`resource "${decl.name}" names a toolbar part "${name}" that no area registered`);
          return (
            <Suspense key={name} fallback={null}>
              <Part reload={reload} />
            </Suspense>
          );
        })}
        {onQuickAdd && (
          <Button icon={<PlusOutlined />} loading={adding} onClick={onQuickAdd}>
            快速添加
          </Button>
        )}
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} loading={adding && !onQuickAdd} onClick={onAdd}>
            {decl.addLabel ?? "添加"}
          </Button>
        )}
      </Space>
    </div>
  );
}
