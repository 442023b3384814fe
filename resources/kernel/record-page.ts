import type { Endpoint } from "./endpoint";
import type { FormPageDecl } from "./form-page";

/**
 * A button beside a shown field, opening a single-record form in a dialog (3 §2.7 /appidop: 查看
 * beside the private key, 重置 beside the App Id). The form is a form page declaration of `kind`
 * "single", drawn as every such form is (its read, its widgets, its save and words): its `after`
 * "back" closes the dialog and reads the page's record again (the new App Id); `{part}` shows the
 * save's answer under the form (the key seen).
 */
export interface RecordDialogDecl {
  label: string;
  /** The dialog's title is the form's. */
  form: FormPageDecl & { kind: "single" };
  /** A button for what cannot be undone (a reset). */
  danger?: boolean;
}

/**
 * One record of the caller's organisation shown as labelled fields, read by a declared call, with
 * dialogs of single-record forms opened from beside them; drawn by src/engine/record-page.tsx.
 */
export interface RecordPageDecl {
  route: string;
  /** The card's title (the route's title in resources/routes). */
  title: string;
  /** Menu key(s) of the page. */
  access: string | readonly string[];
  /** The card's greatest width. */
  width?: number;
  /** A line of help above the fields. */
  intro?: string;
  /** The record; `failed` titles a failed read. */
  read: { call: Endpoint; failed: string };
  /** Top to bottom: the record's field, its label, and the dialog its button opens. */
  fields: readonly { field: string; label: string; dialog?: RecordDialogDecl }[];
}

export const defineRecordPage = <T extends RecordPageDecl>(decl: T): T => decl;
