import { Modal } from "antd";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { WhitelistEntry, WhitelistRow } from "../../../../../resources/lives/live-validator";
import { reportError } from "../../../../../providers/notify";
import { loadForm, type FormDefinition } from "../../../../engine/form-schemas";
import { useDialogCaret } from "../../../../engine/resource-form-dialog";
import type { FormHandle } from "../../../../engine/schema-form";

// RJSF loads with the first add or change, not with the drawer.
const SchemaForm = lazy(() => import("../../../../engine/schema-form").then((module) => ({ default: module.SchemaForm })));

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
  const formRef = useRef<FormHandle>(null);
  const caret = useDialogCaret();
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
    <Modal
      title={editing ? "修改白名单" : "添加白名单"}
      open={open}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      afterOpenChange={caret.afterOpenChange}
    >
      <div ref={caret.body} style={{ paddingTop: 8 }}>
        {definition && (
          <Suspense fallback={null}>
            <SchemaForm
              key={`${id}-${editing?.id ?? "new"}`}
              definition={definition}
              initialData={editing ? { username: editing.username, password: editing.password } : {}}
              formRef={formRef}
              onMounted={caret.onMounted}
              onSubmit={async (values) => {
                setSaving(true);
                try {
                  if (await onSubmit({ username: String(values.username ?? ""), password: String(values.password ?? "") })) onClose();
                } finally {
                  setSaving(false);
                }
              }}
            />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}
