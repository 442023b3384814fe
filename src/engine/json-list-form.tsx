import { useEffect, useMemo, useRef, useState } from "react";
import type { JsonListPageDecl } from "../../resources/kernel/json-list";
import { reportError } from "../../providers/notify";
import { loadForm, type FormDefinition } from "./form-schemas";
import type { FormValues } from "./form-values";
import type { Item, Operation } from "./json-list-state";
import { SchemaFormModal } from "./resource-form-dialog";
import { useEngineRegistry } from "./registry";
import { applyTransforms, unchanged } from "./transforms";

export type ItemForm = { mode: "create"; serial: number } | { mode: "edit"; item: Item | undefined; serial: number };

type Commit = (operation: Operation, next: Item[]) => Promise<{ ok: true } | { ok: false; errors?: Record<string, string> }>;

const blank = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The add or change dialog of one item of a JSON-text list, drawn by RJSF from the declaration's
 * form (the template's add form: the same rules and words, 2 §5). The values go through the
 * declared transforms; a change that changes nothing closes without a save (2 §5); an id another
 * item has is refused under its field before any call (商品Id重复，请重新输入); an emptied id on a
 * change keeps the one the item had.
 */
export function JsonItemDialog({ decl, form, items, commit, onClose }: { decl: JsonListPageDecl; form: ItemForm; items: Item[]; commit: Commit; onClose: () => void }) {
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | undefined>();
  const widgets = useEngineRegistry().widgets;
  const editing = form.mode === "edit" ? form.item : undefined;
  const fields = useMemo(() => Object.keys((definition?.schema.properties as Record<string, unknown> | undefined) ?? {}), [definition]);
  const initialData = useMemo<FormValues>(() => (editing ? Object.fromEntries(fields.filter((f) => !blank(editing[f])).map((f) => [f, editing[f]])) : {}), [editing, fields]);
  const tidy = useMemo(() => (decl.transforms ? (values: FormValues) => applyTransforms(decl, values) : undefined), [decl]);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    loadForm(decl.form).then(setDefinition, (error) => {
      reportError(error, "表单加载失败：");
      closeRef.current();
    });
  }, [decl.form]);

  async function submit(values: FormValues) {
    const now = Date.now();
    const sent = applyTransforms(decl, values, now);
    if (editing && blank(values[decl.itemId])) sent[decl.itemId] = editing[decl.itemId];
    if (editing && unchanged(applyTransforms(decl, initialData, now), sent)) return setOpen(false);
    const id = sent[decl.itemId];
    // The item being changed is the one with its id as read (the list is read afresh, so not by identity).
    const isEdited = (item: Item) => !!editing && item[decl.itemId] === editing[decl.itemId];
    if (items.some((item) => !isEdited(item) && item[decl.itemId] === id)) return setServerErrors({ [decl.itemId]: decl.duplicate });
    setSaving(true);
    const next = editing ? items.map((item) => (isEdited(item) ? { ...item, ...sent } : item)) : [...items, sent];
    const result = await commit(editing ? "update" : "create", next);
    setSaving(false);
    if (result.ok) setOpen(false);
    else if (result.errors) setServerErrors(result.errors);
  }

  return (
    <SchemaFormModal
      open={open && !!definition}
      title={editing ? `修改${decl.noun}` : definition?.schema.title}
      saving={saving}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      formKey={form.serial}
      form={
        definition && {
          definition,
          initialData,
          serverErrors,
          onServerErrorsSeen: () => setServerErrors(undefined),
          widgets,
          tidy,
          onSubmit: (values) => void submit(values),
        }
      }
    />
  );
}
