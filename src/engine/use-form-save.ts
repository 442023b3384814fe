import type { BaseRecord } from "@refinedev/core";
import { useMemo } from "react";
import type { FormPageDecl, FormSave, ResourceSave } from "../../resources/kernel/form-page";
import { useFormPageSave, type ModalApi } from "./form-page-save";
import type { FormValues } from "./form-values";
import { applyTransforms } from "./transforms";
import { useRecordSave } from "./use-record-save";

export interface FormSaving {
  /** Resolves true when the form may move on: saved, or (a resource's `editOnlyChanges`) nothing to save. */
  save: (values: FormValues, initial: FormValues) => Promise<boolean>;
  saving: boolean;
  serverErrors?: Record<string, string>;
  clearServerErrors: () => void;
  /** The values as the save sends them (a resource's transforms): the form validates these. */
  tidy?: (values: FormValues) => FormValues;
  /** The last save's answer, for a part shown after it (`after: { part }`). */
  answer?: () => unknown;
}

interface SaveInput {
  decl: FormPageDecl;
  record?: BaseRecord;
  modal: ModalApi;
}

/** Whether a full-page form saves through a resource rather than a declared call. */
export const savesThroughResource = (save: FormPageDecl["save"]): save is ResourceSave => "resource" in save && !!save.resource;

/** A record carried as JSON text in the field `json` (FormPageDecl.json): the form's values are sent as that text. */
const asJsonText = (saving: FormSaving, json: string): FormSaving => ({
  ...saving,
  save: (values, initial) => saving.save({ [json]: JSON.stringify(values) }, initial),
});

// Each is chosen by useFormSave from the declaration's `save`, which is of its kind.
function useCallSave({ decl, modal }: SaveInput): FormSaving {
  const saving = useFormPageSave(decl.save as FormSave, modal);
  return decl.json ? asJsonText(saving, decl.json) : saving;
}

function useResourceSave({ decl, record }: SaveInput): FormSaving {
  const { resource } = decl.save as ResourceSave;
  const saving = useRecordSave(resource, decl.kind === "edit" ? "edit" : "create", record);
  const tidy = useMemo(() => (resource.transforms ? (values: FormValues) => applyTransforms(resource, values) : undefined), [resource]);
  return { ...saving, tidy };
}

/**
 * How a full-page form saves, chosen from its declaration: through the resource (Refine's
 * create/update, src/engine/use-record-save.ts) or through a declared call (src/engine/form-page-save.ts).
 */
export function useFormSave(input: SaveInput): FormSaving {
  // A page's declaration never changes while it is drawn: the same hooks run on every render.
  const useSave = savesThroughResource(input.decl.save) ? useResourceSave : useCallSave;
  return useSave(input);
}
