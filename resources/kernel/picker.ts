import type { ColumnDecl, ResourceDecl } from "./define";
import type { Endpoint } from "./endpoint";

/** What a pane's row action (添加, 移除) sends, and what it says. */
export interface PickerActionDecl {
  label: string;
  /** Called once per picked row with `{userid: row id, [ownerParam]: owner id}`. */
  endpoint: Endpoint;
  ownerParam: string;
  /** The toast when the server's answer has no msg of its own. */
  doneText: string;
  /**
   * A destructive action asks this first, `{names}` standing for the rows' labels joined by 、 (one
   * row's name when a single row is acted on).
   */
  confirm?: string;
}

/** One pane of a two-pane picker: its list call (and search variant), how it names the owner, its action. */
export interface PickerPaneDecl {
  title: string;
  api: { list: Endpoint; search: Endpoint };
  /** How the pane's list calls name the owner (a course's unadded call says `id`, the others `courseid`). */
  ownerParam: string;
  action: PickerActionDecl;
  /** Shown in place of rows when the owner has none, unsearched. */
  emptyText: string;
  /** The pane of the owner's own rows: its count is shown against the owner's seats, where it has a bound. */
  countsSeats?: true;
  /** Other lists showing what the action changes (a live's student count), invalidated with the panes. */
  touches?: readonly string[];
}

/**
 * A two-pane picker (1 §2.5 学员管理, 2 §2 添加学员): the rows not yet the owner's on the left, its
 * own on the right, each paged and searched on its own, with 添加/移除 of a row or of the picked
 * rows. Plain data; `src/engine/two-pane-picker.tsx` draws it.
 */
export interface PickerDecl {
  /** The Refine resource both panes' lists are cached under: a write invalidates the two at once. */
  name: string;
  /** The menu of the screen the picker opens from (the owner's), whose holders may use it. */
  menu: ResourceDecl["menu"];
  /** What the dialog is called before the owner's name. */
  title: string;
  /** What a row is called (学员), for the empty and search texts. */
  noun: string;
  /** A row's id field (sent as `userid`) and its label (named in a confirmation). */
  id: string;
  label: string;
  columns: ColumnDecl[];
  search: { param: string; placeholder: string };
  pageSize: number;
  /** How a pane's count reads (共 7 人). */
  unit: string;
  /** What a row action sends the row's id as. */
  rowParam: string;
  panes: readonly [PickerPaneDecl, PickerPaneDecl];
}

export const definePicker = <T extends PickerDecl>(decl: T): T => decl;
