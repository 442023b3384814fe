import { useEffect, useState } from "react";
import type { WhitelistEntry, WhitelistRow } from "../../../../../resources/lives/live-validator";
import { reportError } from "../../../../../providers/notify";
import { loadForm, type FormDefinition } from "../../../../engine/form-schemas";
import { SchemaFormModal } from "../../../../engine/resource-form-dialog";

export interface WhitelistEntryDialogProps {
  /** The entry changed; null adds one. */
  editing: WhitelistEntry | null;
  open: boolean;
  onClose: () => void;
  /** Sends the entry; resolves to whether it was taken (the dialog then closes). */
  onSubmit: (row: WhitelistRow) => Promise<boolean>;
}

/**
 * 添加 and 修改 of one whitelist entry: the form of schemas/lives/whitelist.create (.edit), so a missing
 * username or password says 请输入用户名和密码 here as the server would.
 */
export function WhitelistEntryDialog({ editing, open, onClose, onSubmit }: WhitelistEntryDialogProps) {
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [saving, setSaving] = useState(false);
  const id = editing ? "whitelist.edit" : "whitelist.create";

  useEffect(() => {
    if (!open) return;
    let current = true;
    loadForm(id).then(
      (loaded) => current && setDefinition(loaded),
      (error: unknown) => reportError(error, "表单加载失败："),
    );
    return () => {
      current = false;
    };
  }, [open, id]);

  return (
    <SchemaFormModal
      title={editing ? "修改白名单" : "添加白名单"}
      open={open}
      saving={saving}
      onCancel={onClose}
      formKey={`${id}-${editing?.id ?? "new"}`}
      form={
        definition && {
          definition,
          initialData: editing ? { username: editing.username, password: editing.password } : {},
          onSubmit: async (values) => {
            setSaving(true);
            try {
              if (await onSubmit({ username: String(values.username ?? ""), password: String(values.password ?? "") })) onClose();
            } finally {
              setSaving(false);
            }
          },
        }
      }
    />
  );
}
