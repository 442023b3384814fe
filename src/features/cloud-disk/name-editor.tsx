import { CheckOutlined, CloseOutlined } from "../../components/icons";
import { Button, Input, Space } from "antd";
import { useState } from "react";
import renameSchema from "../../../schemas/cloud-disk/clouddisk.rename.schema.json";
import { fieldProblem } from "../../engine/light-rules";
import type { SchemaFile } from "../../engine/schema-parts";
import { palette } from "../../lib/theme";

/**
 * A name typed in place (a new folder, a rename): Enter or ✓ saves, Escape or ✕ cancels. The name
 * is judged by the one validator against schemas/cloud-disk/clouddisk-name.def (文件名不能为空) before it is
 * sent; `onSave` resolves false when the server refused it, and the editor stays open.
 */
export function NameEditor({ initial, label, onSave, onCancel }: { initial: string; label: string; onSave: (name: string) => Promise<boolean>; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (busy) return;
    const found = await fieldProblem(renameSchema as SchemaFile, "name", { id: 1, name: value });
    setProblem(found);
    if (found) return;
    setBusy(true);
    const saved = await onSave(value.trim());
    setBusy(false);
    if (saved) onCancel();
  };

  return (
    <div>
      <Space.Compact>
        <Input
          autoFocus
          aria-label={label}
          value={value}
          status={problem ? "error" : ""}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => void save()}
          onKeyDown={(e) => e.key === "Escape" && onCancel()}
          style={{ width: 240 }}
        />
        <Button aria-label="确定" icon={<CheckOutlined />} loading={busy} onClick={() => void save()} />
        <Button aria-label="取消" icon={<CloseOutlined />} disabled={busy} onClick={onCancel} />
      </Space.Compact>
      {problem && (
        <div role="alert" style={{ color: palette.error, marginTop: 4 }}>
          {problem}
        </div>
      )}
    </div>
  );
}
